#pragma once

#include <sstream>
#include <string>

/// A minimal self-registering test runner: no downloads, no framework.
class TestHarness {
public:
    typedef void (*TestFunction)();

    /// Adds a test; called by TEST() before main runs.
    static bool add(const char* name, TestFunction function);
    /// Runs all tests; returns the number of failed ones.
    static int runAll();
    static void fail(const char* file, int line, const std::string& message);

    /// Extra arguments from the command line, e.g. the path of protocol-vectors.tsv.
    static void setVectorPath(const char* path);
    static const char* vectorPath();
};

#define TEST(name)                                                          \
    static void name();                                                     \
    static const bool name##Registered = TestHarness::add(#name, &name);   \
    static void name()

#define CHECK(condition)                                                    \
    do {                                                                    \
        if (!(condition)) {                                                 \
            TestHarness::fail(__FILE__, __LINE__, "CHECK(" #condition ")"); \
        }                                                                   \
    } while (0)

#define CHECK_EQ(actual, expected)                                                  \
    do {                                                                            \
        const auto& actualValue = (actual);                                         \
        const auto& expectedValue = (expected);                                     \
        if (!(actualValue == expectedValue)) {                                      \
            std::ostringstream message;                                             \
            message << #actual << "\n      got: " << actualValue                    \
                    << "\n expected: " << expectedValue;                            \
            TestHarness::fail(__FILE__, __LINE__, message.str());                   \
        }                                                                           \
    } while (0)
