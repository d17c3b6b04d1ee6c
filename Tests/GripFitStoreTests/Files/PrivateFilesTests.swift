import Foundation
import Glibc
import GripFitRecords
import GripFitStore
import StoreTestSupport
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

    /// A read-only folder and file lose group and other access and gain nothing: `history` on a
    /// 0555 folder with a 0444 file used to make them 0700 and 0600.
    @Test func tighteningNeverAddsWrite() throws {
        let base = Fixtures.temporaryDirectory()
        let directory = base + "/gripfit"
        try PrivateFiles.makeDirectory(directory)
        let file = directory + "/history.sqlite"
        try PrivateFiles.ensurePrivateFile(file)
        chmod(file, 0o444)
        chmod(directory, 0o555)
        defer { chmod(directory, 0o700) }
        try PrivateFiles.makeDirectory(directory)
        try PrivateFiles.ensurePrivateFile(file)
        #expect(Self.mode(directory) == 0o500)
        #expect(Self.mode(file) == 0o400)
    }

    /// A full disk still lets an empty probe file be created; asking for room must fail.
    @Test func checkWritableAsksForRoom() throws {
        let directory = Fixtures.temporaryDirectory()
        #expect(throws: StoreError.self) { try PrivateFiles.checkWritable(directory + "/x.json", room: Int(Int64.max / 2)) }
        try PrivateFiles.checkWritable(directory + "/x.json", room: 4096)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: directory)) == [])
    }
}
