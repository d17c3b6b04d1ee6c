import GripFitStore

extension HistoryEntry {
    /// Newest first, as `history` prints them, in the calibrations of the user's book.
    static func list(
        store: any SessionHistory, device: String? = nil, sinceMilliseconds: Int64? = nil
    ) throws -> (entries: [HistoryEntry], damaged: [StoreError]) {
        let book = try Storage.calibrations.all()
        return entries(try store.list(device: device, sinceMilliseconds: sinceMilliseconds), store: store, book: book)
    }
}
