/// Whether a page or chart printed a NaN or an infinity as a number ("nan kg", ">inf<", "38.0,nan"),
/// without tripping on words that contain the letters, such as "domi-nan-t".
enum NonFiniteText {
    static func appears(in text: String) -> Bool {
        ["nan", "inf"].contains { word in
            [">\(word)", "\(word) kg", "\(word) %", "\"\(word)", ",\(word)", "\(word),", "-\(word)"].contains { text.contains($0) }
        }
    }
}
