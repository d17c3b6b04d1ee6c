import Foundation
import Glibc
import GripFitStore
import Testing

struct PrivateFilesTests {
    static func mode(_ path: String) -> mode_t {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o777 : 0
    }

    @Test func writesAllOrNothingAs0600AndLeavesNoTemporaryFile() throws {
        let directory = Fixtures.temporaryDirectory()
        let path = directory + "/export.json"
        try PrivateFiles.write(Array("first".utf8), to: path)
        try PrivateFiles.write(Array("second".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
        #expect(Self.mode(path) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["export.json"])
    }

    @Test func unwritableDestinationsAreRefusedBeforeAnyWork() {
        let directory = Fixtures.temporaryDirectory()
        #expect(throws: StoreError.cannotWrite(path: directory, reason: "it is a directory")) {
            try PrivateFiles.checkWritable(directory)
        }
        #expect(throws: StoreError.self) { try PrivateFiles.checkWritable("/nonexistent-dir/report.xml") }
        #expect(throws: StoreError.self) { try PrivateFiles.write([1], to: "/nonexistent-dir/report.xml") }
        #expect((try? FileManager.default.contentsOfDirectory(atPath: directory)) == [])
    }

    @Test func directoriesAre0700AndAnOpenOneIsTightened() throws {
        let base = Fixtures.temporaryDirectory()
        try PrivateFiles.makeDirectory(base + "/a/b/gripfit")
        #expect(Self.mode(base + "/a") == 0o700)
        #expect(Self.mode(base + "/a/b/gripfit") == 0o700)
        chmod(base + "/a/b/gripfit", 0o755)
        try PrivateFiles.makeDirectory(base + "/a/b/gripfit")
        #expect(Self.mode(base + "/a/b/gripfit") == 0o700)
        #expect(throws: StoreError.self) { try PrivateFiles.makeDirectory("/proc/self/gripfit-none") }
    }
}
