import GripFitRecords
import GripFitStore
import Testing

struct HistoryLocationTests {
    @Test func readsTheSchemeOnly() {
        #expect(
            HistoryLocation.parse("postgresql://gripfit@db/gripfit?sslmode=require")
                == .success(
                    .postgresql(
                        url: "postgresql://gripfit@db/gripfit?sslmode=require"
                    )
                )
        )
        #expect(HistoryLocation.parse("postgres://db/x") == .success(.postgresql(url: "postgres://db/x")))
        #expect(HistoryLocation.parse("POSTGRESQL://db/X") == .success(.postgresql(url: "postgresql://db/X")), "the scheme in any case")
        #expect(HistoryLocation.parse("Postgres://db/x") == .success(.postgresql(url: "postgres://db/x")))
        #expect(HistoryLocation.parse("SQLite:/var/h.sqlite") == .success(.sqlite(path: "/var/h.sqlite")))
        #expect(HistoryLocation.parse("sqlite:/var/h.sqlite") == .success(.sqlite(path: "/var/h.sqlite")))
        #expect(HistoryLocation.parse("h.sqlite", directory: "/home/u") == .success(.sqlite(path: "/home/u/h.sqlite")))
        #expect(HistoryLocation.parse("sqlite:./a/../h.sqlite", directory: "/home/u") == .success(.sqlite(path: "/home/u/h.sqlite")))
    }

    @Test(arguments: ["", "sqlite:", "mysql://db/x"])
    func refusesWhatNamesNoHistory(text: String) {
        guard case .failure(let refusal) = HistoryLocation.parse(text) else {
            Issue.record("'\(text)' was taken")
            return
        }
        #expect(refusal.description.contains("postgresql://USER@HOST/DATABASE"))
    }
}
