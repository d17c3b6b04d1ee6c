#include <string>
#include <vector>

#include "../src/LineAssembler.h"
#include "TestHarness.h"

namespace {

/// Feeds `input` byte by byte; returns the completed lines, with "!" for each overflow.
std::vector<std::string> feed(LineAssembler& assembler, const std::string& input) {
    std::vector<std::string> out;
    for (char c : input) {
        switch (assembler.push(static_cast<uint8_t>(c))) {
        case LineAssembler::Result::Line:
            CHECK_EQ(assembler.line()[assembler.length()], '\n');
            out.push_back(std::string(assembler.line(), assembler.length()));
            break;
        case LineAssembler::Result::Overflow:
            out.push_back("!");
            break;
        case LineAssembler::Result::Pending:
            break;
        }
    }
    return out;
}

std::string joined(const std::vector<std::string>& lines) {
    std::string all;
    for (const std::string& line : lines) {
        all += line + "|";
    }
    return all;
}

}  // namespace

TEST(lineAssemblerSplitsLinesWhateverTheChunking) {
    const std::string input = "D:GRIPFIT,1.0\nR:123456\r\nS:READY\n\nR:-5\n";
    const std::string expected = "D:GRIPFIT,1.0|R:123456\r|S:READY||R:-5|";
    for (size_t chunk = 1; chunk <= input.size(); ++chunk) {
        LineAssembler assembler;
        std::vector<std::string> lines;
        for (size_t at = 0; at < input.size(); at += chunk) {
            const std::vector<std::string> some = feed(assembler, input.substr(at, chunk));
            lines.insert(lines.end(), some.begin(), some.end());
        }
        CHECK_EQ(joined(lines), expected);
    }
}

TEST(lineAssemblerAcceptsExactlyTheMaximumLength) {
    LineAssembler assembler;
    const std::string longest(BridgeConfig::kMaxLineLength, 'x');
    CHECK_EQ(joined(feed(assembler, longest + "\n")), longest + "|");
}

TEST(lineAssemblerDropsAnOverlongLineOnceAndResynchronises) {
    LineAssembler assembler;
    const std::string tooLong(BridgeConfig::kMaxLineLength + 1, 'x');
    CHECK_EQ(joined(feed(assembler, tooLong + std::string(300, 'y') + "\nR:1\n")), "!|R:1|");
}

TEST(lineAssemblerResetDropsThePartialLine) {
    LineAssembler assembler;
    feed(assembler, "R:12");
    assembler.reset();
    CHECK_EQ(joined(feed(assembler, "34\nR:5\n")), "34|R:5|");
}

TEST(lineAssemblerResyncDropsUpToTheNextNewline) {
    LineAssembler assembler;
    feed(assembler, "R:12");
    assembler.resync();
    CHECK_EQ(joined(feed(assembler, "34\nR:5\n")), "R:5|");
}
