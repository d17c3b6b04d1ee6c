#include <cstring>
#include <string>

#include "../src/CommandParser.h"
#include "FakeIo.h"
#include "TestHarness.h"

namespace {

/// Takes the literal itself: the command points into the line it came from.
HostCommand parse(const char* line) {
    return CommandParser::parse(line, std::strlen(line));
}

std::string textOf(const HostCommand& command) {
    return command.text == nullptr ? std::string("(none)") : std::string(command.text, command.textLength);
}

}  // namespace

TEST(parserRelaysCmdLinesWhole) {
    const HostCommand command = parse("CMD:RATE:50\r");
    CHECK(command.kind == HostCommand::Kind::Device);
    CHECK_EQ(textOf(command), std::string("CMD:RATE:50"));
}

TEST(parserIgnoresBlankLinesAndEchoedBridgeOutput) {
    CHECK(parse("").kind == HostCommand::Kind::Ignored);
    CHECK(parse("\r").kind == HostCommand::Kind::Ignored);
    CHECK(parse("B:ERROR,UNKNOWN_COMMAND").kind == HostCommand::Kind::Ignored);
}

TEST(parserRejectsUnknownLinesWithoutDetail) {
    for (const char* line : {"HELLO", "R:123", "cmd:PING", "BRIDGE:", "BRIDGE:REBOOT", "BRIDGE:INFOX", "BRIDGE"}) {
        const HostCommand command = parse(line);
        CHECK(command.kind == HostCommand::Kind::Invalid);
        CHECK(command.error == ErrorCode::UnknownCommand);
        CHECK_EQ(textOf(command), std::string("(none)"));
    }
}

TEST(parserNamesTheVerbOfABadArgument) {
    const char* const lines[] = {"BRIDGE:INFO,1",        "BRIDGE:CONNECT",      "BRIDGE:CONNECT,",
                                 "BRIDGE:AUTO,on",       "BRIDGE:PIN,C0:FF:EE", "BRIDGE:CONNECT,C0:FF:EE:12:34:56:78",
                                 "BRIDGE:CONNECT,C0-FF-EE-12-34-56"};
    for (const char* line : lines) {
        const HostCommand command = parse(line);
        CHECK(command.kind == HostCommand::Kind::Invalid);
        CHECK(command.error == ErrorCode::BadArgument);
        const std::string verb(line, std::strcspn(line, ","));
        CHECK_EQ(textOf(command), verb);
    }
}

TEST(parserReadsAddressesInEitherCase) {
    const HostCommand command = parse("BRIDGE:CONNECT,c0:ff:ee:12:34:5a");
    CHECK(command.kind == HostCommand::Kind::Connect);
    CHECK_EQ(FakeIo::text(command.address), std::string("C0:FF:EE:12:34:5A"));
}

TEST(parserReadsPinNone) {
    const HostCommand command = parse("BRIDGE:PIN,NONE\r");
    CHECK(command.kind == HostCommand::Kind::Pin);
    CHECK(!command.hasAddress);
}
