import GripFitRecords
import GripFitStore
import Testing

struct XDGPathsTests {
    @Test func followsTheVariables() {
        let paths = XDGPaths(environment: ["HOME": "/home/u", "XDG_DATA_HOME": "/d", "XDG_CONFIG_HOME": "/c"])
        #expect(paths.databasePath == "/d/gripfit/history.sqlite")
        #expect(paths.calibrationPath == "/c/gripfit/calibrations.json")
    }

    @Test func fallsBackToHomeAndIgnoresRelativePaths() {
        let paths = XDGPaths(environment: ["HOME": "/home/u", "XDG_DATA_HOME": "relative"])
        #expect(paths.dataDirectory == "/home/u/.local/share/gripfit")
        #expect(paths.configDirectory == "/home/u/.config/gripfit")
    }
}
