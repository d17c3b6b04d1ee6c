#include "CommandParser.h"

#include <string.h>

namespace {

const char kDevicePrefix[] = "CMD:";
const char kBridgePrefix[] = "BRIDGE:";
const char kEchoPrefix[] = "B:";
const char kArgumentSeparator = ',';

bool startsWith(const char* text, size_t length, const char* prefix) {
    const size_t prefixLength = strlen(prefix);
    return length >= prefixLength && memcmp(text, prefix, prefixLength) == 0;
}

bool equals(const char* text, size_t length, const char* word) {
    return length == strlen(word) && memcmp(text, word, length) == 0;
}

HostCommand invalid(ErrorCode error, const char* detail, size_t detailLength) {
    HostCommand command;
    command.kind = HostCommand::Kind::Invalid;
    command.error = error;
    command.text = detail;
    command.textLength = detailLength;
    return command;
}

HostCommand simple(HostCommand::Kind kind) {
    HostCommand command;
    command.kind = kind;
    return command;
}

/// `line` starts with `BRIDGE:`; `verbEnd` is where its verb ends (the `,` or the line's end).
HostCommand parseBridge(const char* line, size_t length, size_t verbEnd) {
    const size_t prefixLength = strlen(kBridgePrefix);
    const char* verb = line + prefixLength;
    const size_t verbLength = verbEnd - prefixLength;
    const bool hasArgument = verbEnd < length;
    const char* argument = hasArgument ? line + verbEnd + 1 : line + length;
    const size_t argumentLength = hasArgument ? length - verbEnd - 1 : 0;
    const HostCommand bad = invalid(ErrorCode::BadArgument, line, verbEnd);

    struct NoArgument {
        const char* verb;
        HostCommand::Kind kind;
    };
    static const NoArgument kNoArgument[] = {
        {"INFO", HostCommand::Kind::Info},
        {"STATUS", HostCommand::Kind::Status},
        {"SCAN", HostCommand::Kind::Scan},
        {"DISCONNECT", HostCommand::Kind::Disconnect},
    };
    for (size_t i = 0; i < sizeof(kNoArgument) / sizeof(kNoArgument[0]); ++i) {
        if (equals(verb, verbLength, kNoArgument[i].verb)) {
            return hasArgument ? bad : simple(kNoArgument[i].kind);
        }
    }

    HostCommand command;
    if (equals(verb, verbLength, "CONNECT")) {
        command.kind = HostCommand::Kind::Connect;
        command.hasAddress = BleAddress::parse(argument, argumentLength, command.address);
        return command.hasAddress ? command : bad;
    }
    if (equals(verb, verbLength, "AUTO")) {
        command.kind = HostCommand::Kind::Auto;
        command.enabled = equals(argument, argumentLength, "ON");
        const bool valid = command.enabled || equals(argument, argumentLength, "OFF");
        return valid ? command : bad;
    }
    if (equals(verb, verbLength, "PIN")) {
        command.kind = HostCommand::Kind::Pin;
        command.hasAddress = BleAddress::parse(argument, argumentLength, command.address);
        const bool valid = command.hasAddress || equals(argument, argumentLength, "NONE");
        return valid ? command : bad;
    }
    return invalid(ErrorCode::UnknownCommand, nullptr, 0);
}

}  // namespace

HostCommand CommandParser::parse(const char* line, size_t length) {
    if (length > 0 && line[length - 1] == '\r') {
        --length;
    }
    if (length == 0 || startsWith(line, length, kEchoPrefix)) {
        return simple(HostCommand::Kind::Ignored);
    }
    if (startsWith(line, length, kDevicePrefix)) {
        HostCommand command;
        command.kind = HostCommand::Kind::Device;
        command.text = line;
        command.textLength = length;
        return command;
    }
    if (startsWith(line, length, kBridgePrefix)) {
        const void* separator = memchr(line, kArgumentSeparator, length);
        const size_t verbEnd =
            separator == nullptr ? length : static_cast<size_t>(static_cast<const char*>(separator) - line);
        return parseBridge(line, length, verbEnd);
    }
    return invalid(ErrorCode::UnknownCommand, nullptr, 0);
}
