import Foundation
import GripFitRecords
import GripFitStore
import StoreTestSupport
import Testing

struct StationConfigTests {
    private let directory = Fixtures.temporaryDirectory()

    @Test func readsTheHistoryAndTheStationName() throws {
        let config = try StationConfig(
            toml: "# shared\nhistory = \"postgresql://gripfit@db.clinic/gripfit\"\nstation = \"room-a\"\n",
            path: "/etc/config.toml"
        )
        #expect(config == StationConfig(history: .postgresql(url: "postgresql://gripfit@db.clinic/gripfit"), station: "room-a"))
        #expect(config.stationName(hostName: "pi-4") == "room-a")
        #expect(StationConfig().stationName(hostName: "pi-4") == "pi-4")
    }

    /// Issue 33: a clinic names the system its subject codes belong to in FHIR (its MRN system).
    @Test func readsThePatientIdentifierSystem() throws {
        for system in ["https://clinic.example/fhir/mrn", "urn:oid:1.2.36.146.595.217.0.1"] {
            let config = try StationConfig(toml: "patient-identifier-system = \"\(system)\"\n", path: "/etc/config.toml")
            #expect(config == StationConfig(patientIdentifierSystem: system))
        }
    }

    @Test func aRelativeSQLitePathIsTheConfigFilesNeighbour() throws {
        let config = try StationConfig(toml: "history = 'sqlite:shared/history.sqlite'", path: "/home/u/.config/gripfit/config.toml")
        #expect(config.history == .sqlite(path: "/home/u/.config/gripfit/shared/history.sqlite"))
    }

    @Test func anAbsentFileIsNoSettings() throws {
        #expect(try StationConfig.load(path: directory + "/config.toml") == StationConfig())
    }

    @Test(arguments: [
        ("history = \"sqlite:/h.sqlite\"\nhistroy = \"x\"\n", 2, "unknown key 'histroy'"),
        ("station = 4\n", 1, "station must be a non-empty string"),
        ("history = \"\"\n", 1, "history must be a non-empty string"),
        ("history = \"mysql://db/x\"\n", 1, "'mysql://db/x' is not a history"),
        ("station = \"a\"\nhistory = [\n", 2, "not TOML"),
        ("station = \"a\"\npatient-identifier-system = \"my mrn\"\n", 2, "patient-identifier-system must be an absolute URI"),
        ("patient-identifier-system = \"mrn\"\n", 1, "such as \"https://clinic.example/fhir/mrn\""),
    ])
    func aKeyOrValueItDoesNotKnowIsRefusedNamingTheFileAndLine(text: String, line: Int, problem: String) throws {
        let path = directory + "/config.toml"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try StationConfig.load(path: path)
        } throws: { error in
            guard let error = error as? StationConfigError else { return false }
            return error.line == line && error.problem.contains(problem) && error.description.hasPrefix("\(path), line \(line): ")
                && error.description.contains("station = \"NAME\"")
        }
    }
}
