#include <cstdio>

#include "TestHarness.h"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s PATH/protocol-vectors.tsv\n", argv[0]);
        return 2;
    }
    TestHarness::setVectorPath(argv[1]);
    return TestHarness::runAll() == 0 ? 0 : 1;
}
