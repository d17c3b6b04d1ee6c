/// "1 case", "2 cases": counts in `check`'s reports and messages agree with their nouns.
enum Plural {
    static func count(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
