#include "TestHarness.h"

#include <cstdio>
#include <vector>

namespace {

struct Registered {
    const char* name;
    TestHarness::TestFunction function;
};

std::vector<Registered>& registry() {
    static std::vector<Registered> tests;
    return tests;
}

int currentFailures = 0;
const char* vectorFile = nullptr;

}  // namespace

bool TestHarness::add(const char* name, TestFunction function) {
    registry().push_back(Registered{name, function});
    return true;
}

int TestHarness::runAll() {
    int failedTests = 0;
    for (const Registered& test : registry()) {
        currentFailures = 0;
        test.function();
        if (currentFailures > 0) {
            ++failedTests;
            std::printf("FAIL %s\n", test.name);
        }
    }
    std::printf("%zu tests, %d failed\n", registry().size(), failedTests);
    return failedTests;
}

void TestHarness::fail(const char* file, int line, const std::string& message) {
    ++currentFailures;
    std::printf("%s:%d: %s\n", file, line, message.c_str());
}

void TestHarness::setVectorPath(const char* path) {
    vectorFile = path;
}

const char* TestHarness::vectorPath() {
    return vectorFile;
}
