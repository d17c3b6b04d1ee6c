/// v5's refusal of subject codes that differ only in case, given the history's path by the migration's caller.
struct CodeClash: Error {
    var reason: String
}
