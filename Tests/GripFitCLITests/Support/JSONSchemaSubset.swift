import Foundation

/// A JSON Schema (2020-12) validator for the keywords docs/command-channel.schema.json uses, and
/// only those: any other keyword in the schema is itself reported, so the schema cannot grow past
/// what this checks. Annotations (`title`, `description`, `$id`, `$schema`, `$defs`) are skipped.
struct JSONSchemaSubset {
    /// A JSON value as the validator reads it; integers kept apart from other numbers.
    indirect enum Value: Decodable, Equatable {
        case null
        case bool(Bool)
        case integer(Int)
        case number(Double)
        case string(String)
        case array([Value])
        case object([String: Value])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Int.self) {
                self = .integer(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else if let value = try? container.decode(String.self) {
                self = .string(value)
            } else if let value = try? container.decode([Value].self) {
                self = .array(value)
            } else {
                self = .object(try container.decode([String: Value].self))
            }
        }

        static func parse(_ text: String) throws -> Value {
            try JSONDecoder().decode(Value.self, from: Data(text.utf8))
        }

        var number: Double? {
            switch self {
            case .integer(let value): Double(value)
            case .number(let value): value
            default: nil
            }
        }

        /// Equal as JSON: 1 and 1.0 are the same number.
        func sameAs(_ other: Value) -> Bool {
            if let number, let otherNumber = other.number { return number == otherNumber }
            return self == other
        }
    }

    static let annotations: Set = ["$schema", "$id", "title", "description", "$defs"]

    let root: Value

    init(path: String) throws {
        root = try Value.parse(String(contentsOfFile: path, encoding: .utf8))
    }

    /// What is wrong with `line` (one JSON text); empty when it is valid.
    func problems(_ line: String) -> [String] {
        guard let instance = try? Value.parse(line) else { return ["not JSON: \(line)"] }
        var problems: [String] = []
        check(instance, root, at: "$", into: &problems)
        return problems
    }

    private func check(_ instance: Value, _ schema: Value, at path: String, into problems: inout [String]) {
        guard case .object(let keywords) = schema else {
            problems.append("\(path): the schema there is not an object")
            return
        }
        for (keyword, argument) in keywords.sorted(by: { $0.key < $1.key }) where !Self.annotations.contains(keyword) {
            check(instance, keyword, argument, keywords, at: path, into: &problems)
        }
    }

    // One keyword at a time, as the draft describes each.
    private func check(
        _ instance: Value,
        _ keyword: String,
        _ argument: Value,
        _ keywords: [String: Value],
        at path: String,
        into problems: inout [String]
    ) {
        switch (keyword, argument) {
        case ("$ref", .string(let reference)):
            guard reference.hasPrefix("#/$defs/"), case .object(let root) = root, case .object(let definitions)? = root["$defs"],
                let target = definitions[String(reference.dropFirst("#/$defs/".count))]
            else {
                problems.append("\(path): cannot resolve \(reference)")
                return
            }
            check(instance, target, at: path, into: &problems)
        case ("type", .string(let name)):
            if !Self.has(instance, type: name) { problems.append("\(path): not of type \(name)") }
        case ("type", .array(let names)):
            if !names.contains(where: { if case .string(let name) = $0 { Self.has(instance, type: name) } else { false } }) {
                problems.append("\(path): none of the types \(names)")
            }
        case ("const", let value):
            if !instance.sameAs(value) { problems.append("\(path): not \(value)") }
        case ("enum", .array(let values)):
            if !values.contains(where: instance.sameAs) { problems.append("\(path): \(instance) not one of \(values)") }
        case ("required", .array(let names)):
            guard case .object(let object) = instance else { return }
            for case .string(let name) in names where object[name] == nil { problems.append("\(path): no \(name)") }
        case ("properties", .object(let properties)):
            guard case .object(let object) = instance else { return }
            for (name, value) in object {
                if let schema = properties[name] { check(value, schema, at: "\(path).\(name)", into: &problems) }
            }
        case ("additionalProperties", .bool(let allowed)):
            guard !allowed, case .object(let object) = instance else { return }
            guard case .object(let properties)? = keywords["properties"] else { return }
            for name in object.keys.sorted() where properties[name] == nil { problems.append("\(path): unexpected \(name)") }
        case ("items", let schema):
            guard case .array(let elements) = instance else { return }
            for (index, element) in elements.enumerated() { check(element, schema, at: "\(path)[\(index)]", into: &problems) }
        case ("oneOf", .array(let schemas)):
            let passing = schemas.filter { schema in
                var found: [String] = []
                check(instance, schema, at: path, into: &found)
                return found.isEmpty
            }
            if passing.count != 1 { problems.append("\(path): matches \(passing.count) of oneOf, not exactly one") }
        case ("pattern", .string(let pattern)):
            guard case .string(let text) = instance else { return }
            guard let regex = try? Regex(pattern) else {
                problems.append("\(path): pattern \(pattern) does not compile")
                return
            }
            if (try? regex.firstMatch(in: text)) == nil { problems.append("\(path): \(text) does not match \(pattern)") }
        case ("minimum", let bound):
            if let number = instance.number, let limit = bound.number, number < limit {
                problems.append("\(path): \(number) is below \(limit)")
            }
        default:
            problems.append("\(path): the schema uses \(keyword), which this validator does not check")
        }
    }

    private static func has(_ instance: Value, type name: String) -> Bool {
        switch (name, instance) {
        case ("null", .null), ("boolean", .bool), ("integer", .integer), ("number", .integer), ("number", .number),
            ("string", .string), ("array", .array), ("object", .object):
            true
        default:
            false
        }
    }
}
