#pragma once

#include <stddef.h>
#include <stdint.h>

#include "BridgeConfig.h"

/// Collects a byte stream into whole `\n`-terminated lines in a fixed buffer.
/// A line longer than the buffer is reported once and dropped up to its `\n`, after which assembly
/// resynchronises; nothing partial is ever handed out.
class LineAssembler {
public:
    enum class Result : uint8_t {
        /// The byte was consumed; no line is complete yet.
        Pending,
        /// `line()` now holds a complete line.
        Line,
        /// The current line outgrew the buffer; it will be dropped up to its `\n`.
        Overflow,
    };

    LineAssembler();

    Result push(uint8_t byte);

    /// The completed line without its `\n`; valid after `Result::Line` until the next `push`.
    /// `line()[length()]` is the `\n`, so `length() + 1` bytes can be relayed as one whole line.
    const char* line() const { return buffer_; }
    size_t length() const { return length_; }

    /// Forgets the partial line (link lost, port reopened).
    void reset();
    /// Drops everything up to the next `\n` (bytes of the current line went missing).
    void resync();

private:
    char buffer_[BridgeConfig::kMaxLineLength + 1];
    size_t length_;
    bool complete_;
    bool discarding_;
};
