import Foundation

/// One value as a history stores it, whatever the engine: SQLite's five storage classes, which
/// PostgreSQL's columns of the history map onto. Rows of these are what every backend's connection
/// (``HistoryConnection``) hands back, so the store's checked decoding (``StoredRow``) reads a
/// server's row exactly as a file's, and no backend needs another's row type.
package enum StoredValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    /// The storage class, for messages ("holds text").
    package var kind: String {
        switch self {
        case .null: "NULL"
        case .integer: "an integer"
        case .real: "a real"
        case .text: "text"
        case .blob: "a blob"
        }
    }
}

/// A Swift value a history binds or reads: what a statement's arguments and ``HistoryRow``'s
/// subscript take.
package protocol StoredValueConvertible {
    var storedValue: StoredValue { get }
    /// The value, or nil when the stored one is of another type or out of range.
    init?(storedValue: StoredValue)
}

extension Int64: StoredValueConvertible {
    package var storedValue: StoredValue { .integer(self) }
    package init?(storedValue: StoredValue) {
        switch storedValue {
        case .integer(let value): self = value
        // As GRDB read a file's: a real in range, truncated.
        case .real(let value):
            guard value >= Double(Int64.min), value < Double(Int64.max) else { return nil }
            self = Int64(value)
        default: return nil
        }
    }
}

extension Int: StoredValueConvertible {
    package var storedValue: StoredValue { .integer(Int64(self)) }
    package init?(storedValue: StoredValue) {
        guard let value = Int64(storedValue: storedValue) else { return nil }
        self.init(exactly: value)
    }
}

extension Double: StoredValueConvertible {
    package var storedValue: StoredValue { .real(self) }
    package init?(storedValue: StoredValue) {
        switch storedValue {
        case .integer(let value): self = Double(value)
        case .real(let value): self = value
        default: return nil
        }
    }
}

extension Bool: StoredValueConvertible {
    package var storedValue: StoredValue { .integer(self ? 1 : 0) }
    package init?(storedValue: StoredValue) {
        switch storedValue {
        case .integer(let value): self = value != 0
        case .real(let value): self = value != 0
        default: return nil
        }
    }
}

extension String: StoredValueConvertible {
    package var storedValue: StoredValue { .text(self) }
    package init?(storedValue: StoredValue) {
        switch storedValue {
        case .text(let value): self = value
        // SQLite hands a blob back as text when asked for text; it must be UTF-8.
        case .blob(let data): self.init(bytes: data, encoding: .utf8)
        default: return nil
        }
    }
}

extension Data: StoredValueConvertible {
    package var storedValue: StoredValue { .blob(self) }
    package init?(storedValue: StoredValue) {
        switch storedValue {
        case .blob(let value): self = value
        case .text(let value): self = Data(value.utf8)
        default: return nil
        }
    }
}

extension StoredValue: StoredValueConvertible {
    package var storedValue: StoredValue { self }
    package init?(storedValue: StoredValue) { self = storedValue }
}

extension Optional where Wrapped == any StoredValueConvertible {
    /// A bound argument's value: nil binds NULL.
    package var storedValue: StoredValue { self?.storedValue ?? .null }
}
