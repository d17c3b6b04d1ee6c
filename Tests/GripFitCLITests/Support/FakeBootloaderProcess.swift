import Foundation
import Glibc

/// firmware-bridge's fake bootloader (native/bootloader/) as a child: its pty, opened here as the
/// host's end, and its exit status once the host has closed that end after a whole image.
final class FakeBootloaderProcess {
    private let process = Process()
    private let errors: URL
    /// The host's end of the fake's pty, for a relay to the port the command opened.
    let terminal: Int32

    init(binary: String, imageOut: String) throws {
        errors = URL(fileURLWithPath: imageOut + ".err")
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--image-out", imageOut]
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The first line is the pty's path, written as soon as it exists.
        var path: [UInt8] = []
        var byte: UInt8 = 0
        while read(stdout.fileHandleForReading.fileDescriptor, &byte, 1) == 1, byte != UInt8(ascii: "\n") { path.append(byte) }
        let name = String(decoding: path, as: UTF8.self)
        terminal = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else {
            let code = errno
            process.terminate()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "open \(name): \(String(cString: strerror(code)))"])
        }
    }

    /// What the fake said on stderr.
    var stderr: String {
        (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
    }

    /// Its exit status: 0 once it wrote a whole image and the host closed the port.
    func wait() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
