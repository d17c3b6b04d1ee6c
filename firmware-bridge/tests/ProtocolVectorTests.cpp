#include <cstdlib>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "../src/BridgeReport.h"
#include "../src/CommandParser.h"
#include "Bench.h"
#include "TestHarness.h"

namespace {

/// One row of protocol-vectors.tsv: direction, line, meaning, fields.
struct Vector {
    int lineNumber;
    std::string direction;
    std::string line;
    std::string meaning;
    std::vector<std::string> fields;
};

std::vector<std::string> splitTabs(const std::string& text) {
    std::vector<std::string> parts;
    size_t start = 0;
    for (;;) {
        const size_t tab = text.find('\t', start);
        parts.push_back(text.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
        if (tab == std::string::npos) {
            return parts;
        }
        start = tab + 1;
    }
}

std::vector<Vector> loadVectors() {
    std::vector<Vector> vectors;
    const char* path = TestHarness::vectorPath();
    std::ifstream file(path);
    if (!file) {
        TestHarness::fail(__FILE__, __LINE__, std::string("cannot read ") + path);
        return vectors;
    }
    std::string text;
    int lineNumber = 0;
    while (std::getline(file, text)) {
        ++lineNumber;
        if (!text.empty() && text.back() == '\r') {
            text.pop_back();
        }
        if (text.empty() || text[0] == '#') {
            continue;
        }
        const std::vector<std::string> parts = splitTabs(text);
        if (parts.size() < 3) {
            TestHarness::fail(path, lineNumber, "a vector needs direction, line and meaning: " + text);
            continue;
        }
        Vector vector{lineNumber, parts[0], parts[1], parts[2],
                      std::vector<std::string>(parts.begin() + 3, parts.end())};
        vectors.push_back(vector);
    }
    return vectors;
}

bool address(const std::string& text, BleAddress& out) {
    return BleAddress::parse(text.data(), text.size(), out);
}

std::string str(const TextLine& line) {
    return std::string(line.data(), line.length());
}

bool errorCode(const std::string& name, ErrorCode& out) {
    const ErrorCode all[] = {ErrorCode::LineTooLong,  ErrorCode::WriteFailed,    ErrorCode::WriteTimeout,
                             ErrorCode::DataLost,     ErrorCode::NotConnected,   ErrorCode::UnknownCommand,
                             ErrorCode::BadArgument};
    for (ErrorCode code : all) {
        if (name == errorCodeName(code)) {
            out = code;
            return true;
        }
    }
    return false;
}

bool linkState(const std::string& name, LinkState& out) {
    const LinkState all[] = {LinkState::Idle, LinkState::Scanning, LinkState::Connecting, LinkState::Connected};
    for (LinkState state : all) {
        if (name == linkStateName(state)) {
            out = state;
            return true;
        }
    }
    return false;
}

bool disconnectReason(const std::string& text, DisconnectReason& out) {
    if (text == "TIMEOUT") {
        out = DisconnectReason::timeout();
        return true;
    }
    if (text == "HOST") {
        out = DisconnectReason::host();
        return true;
    }
    if (text.size() != 4 || text.compare(0, 2, "0x") != 0) {
        return false;
    }
    char* end = nullptr;
    const unsigned long code = std::strtoul(text.c_str() + 2, &end, 16);
    out = DisconnectReason::hci(static_cast<uint8_t>(code));
    return *end == '\0';
}

/// Builds the line the core's formatter makes for a to-host meaning; false if the meaning or its
/// fields cannot be read.
bool formatToHost(const Vector& vector, std::string& out) {
    const std::string& m = vector.meaning;
    const std::vector<std::string>& f = vector.fields;
    BleAddress peer;
    if (m == "bridge" && f.size() == 1) {
        out = str(BridgeReport::bridge(f[0].c_str()));
    } else if (m == "scanning" && f.empty()) {
        out = str(BridgeReport::scanning());
    } else if (m == "not-found" && f.empty()) {
        out = str(BridgeReport::notFound());
    } else if (m == "found" && f.size() == 3 && address(f[0], peer)) {
        const int32_t rssi = static_cast<int32_t>(std::strtol(f[1].c_str(), nullptr, 10));
        out = str(BridgeReport::found(peer, rssi, f[2].data(), f[2].size()));
    } else if (m == "connecting" && f.size() == 1 && address(f[0], peer)) {
        out = str(BridgeReport::connecting(peer));
    } else if (m == "connected" && f.size() == 1 && address(f[0], peer)) {
        out = str(BridgeReport::connected(peer));
    } else if (m == "not-recognized" && f.size() == 1 && address(f[0], peer)) {
        out = str(BridgeReport::notRecognized(peer));
    } else if (m == "disconnected" && f.size() == 2 && address(f[0], peer)) {
        DisconnectReason reason = DisconnectReason::host();
        if (!disconnectReason(f[1], reason)) {
            return false;
        }
        out = str(BridgeReport::disconnected(peer, reason));
    } else if (m == "status" && (f.size() == 1 || f.size() == 2)) {
        LinkState state = LinkState::Idle;
        if (!linkState(f[0], state) || (f.size() == 2 && !address(f[1], peer))) {
            return false;
        }
        out = str(BridgeReport::status(state, peer));
    } else if (m == "error" && (f.size() == 1 || f.size() == 2)) {
        ErrorCode code = ErrorCode::UnknownCommand;
        if (!errorCode(f[0], code)) {
            return false;
        }
        if (code == ErrorCode::DataLost && f.size() == 2) {
            out = str(BridgeReport::dataLost(static_cast<uint32_t>(std::strtoul(f[1].c_str(), nullptr, 10))));
        } else if (code == ErrorCode::WriteFailed && f.size() == 2 && f[1].size() == 4) {
            out = str(BridgeReport::writeFailed(static_cast<uint8_t>(std::strtoul(f[1].c_str() + 2, nullptr, 16))));
        } else {
            out = str(f.size() == 1 ? BridgeReport::error(code) : BridgeReport::error(code, f[1].data(), f[1].size()));
        }
    } else {
        return false;
    }
    return true;
}

/// The meaning and fields the core's parser gives a to-bridge line, in the vectors' spelling.
std::vector<std::string> classify(const std::string& line) {
    const HostCommand command = CommandParser::parse(line.data(), line.size());
    switch (command.kind) {
    case HostCommand::Kind::Device:
        return {"device", std::string(command.text, command.textLength)};
    case HostCommand::Kind::Info:
        return {"info"};
    case HostCommand::Kind::Status:
        return {"status"};
    case HostCommand::Kind::Scan:
        return {"scan"};
    case HostCommand::Kind::Disconnect:
        return {"disconnect"};
    case HostCommand::Kind::Connect:
        return {"connect", FakeIo::text(command.address)};
    case HostCommand::Kind::Auto:
        return {"auto", command.enabled ? "ON" : "OFF"};
    case HostCommand::Kind::Pin:
        return {"pin", command.hasAddress ? FakeIo::text(command.address) : "NONE"};
    case HostCommand::Kind::Ignored:
        return {"(ignored)"};
    case HostCommand::Kind::Invalid:
        return {"(invalid)", errorCodeName(command.error)};
    }
    return {};
}

std::string where(const Vector& vector) {
    return std::string(TestHarness::vectorPath()) + ":" + std::to_string(vector.lineNumber) + ": ";
}

}  // namespace

TEST(protocolVectorsMatchTheCore) {
    std::map<std::string, int> rowsPerDirection = {
        {"to-host", 0}, {"to-bridge", 0}, {"bad-to-host", 0}, {"bad-to-bridge", 0}};
    for (const Vector& vector : loadVectors()) {
        if (rowsPerDirection.count(vector.direction) == 0) {
            TestHarness::fail(__FILE__, __LINE__, where(vector) + "unknown direction " + vector.direction);
            continue;
        }
        ++rowsPerDirection[vector.direction];
        if (vector.direction == "to-host") {
            std::string formatted;
            if (!formatToHost(vector, formatted)) {
                TestHarness::fail(__FILE__, __LINE__, where(vector) + "unreadable meaning " + vector.meaning);
            }
            CHECK_EQ(formatted, vector.line);
        } else if (vector.direction == "to-bridge") {
            std::vector<std::string> expected(1, vector.meaning);
            expected.insert(expected.end(), vector.fields.begin(), vector.fields.end());
            CHECK_EQ(classify(vector.line), expected);
        } else if (vector.direction == "bad-to-bridge") {
            Bench bench;
            bench.begin();
            bench.take();
            bench.host(vector.line + "\n");
            const Log answer = bench.take();
            const std::string prefix = "B:ERROR," + vector.meaning;
            const bool answered = answer.size() == 1 && (answer[0] == prefix || answer[0].compare(0, prefix.size() + 1, prefix + ",") == 0);
            if (!answered) {
                TestHarness::fail(__FILE__, __LINE__, where(vector) + vector.line + " was not answered with " + prefix);
            }
        }
    }
    for (const auto& direction : rowsPerDirection) {
        if (direction.second == 0) {
            TestHarness::fail(__FILE__, __LINE__, "no " + direction.first + " rows in " + TestHarness::vectorPath());
        }
    }
}
