extension SQLHistory {
    /// The subject row of this code; codes compare without case, so `p017` finds `P017`.
    package func subjectRow(code: String) throws -> HistoryRow? {
        try rows("SELECT * FROM subject WHERE \(connection.dialect.sameCode("code"))", [code]).first
    }
}
