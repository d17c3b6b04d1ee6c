import Foundation
import Glibc
import GripFitOutput
import GripFitRecords
import GripFitStore

/// Prints a report page to PDF with headless Chromium (see README "Clinical report" for why
/// Chromium): the page goes to a private temporary directory (0700, the page 0600, Chromium's
/// profile, crash database, HOME and XDG directories inside it, all removed after: Chromium
/// writes nothing into the user's own), Chromium prints it, and the result is written to `-o`
/// as 0600, all or nothing, only if it starts with `%PDF`. Chromium runs in a process group of its
/// own, stopped as a whole at the timeout (PDFRenderer+Process.swift).
struct PDFRenderer: Sendable {
    /// The names tried on PATH, in order: Debian's package, other distributions', Google's build.
    static let candidates = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]

    let executable: String
    let timeout: Duration

    init(executable: String, timeout: Duration = .seconds(60)) {
        self.executable = executable
        self.timeout = timeout
    }

    /// The first candidate on `searchPath` (the caller passes `PATH`).
    static func find(searchPath: String?, timeout: Duration = .seconds(60)) throws(PDFRenderError) -> PDFRenderer {
        let directories = (searchPath ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in candidates {
            for directory in directories where !directory.isEmpty {
                let path = directory + "/" + name
                if access(path, X_OK) == 0 { return PDFRenderer(executable: path, timeout: timeout) }
            }
        }
        throw .rendererMissing(searched: candidates)
    }

    /// Prints `html` to a PDF at `path`; checks `path` can be written before starting Chromium.
    func write(html: String, to path: String) throws(PDFRenderError) {
        do {
            try PrivateFiles.checkWritable(path)
        } catch {
            throw .cannotWrite(path: path, reason: Self.reason(error))
        }
        let directory = try Self.privateDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let page = directory + "/report.html"
        let output = directory + "/report.pdf"
        do {
            try PrivateFiles.write(Array(html.utf8), to: page)
        } catch {
            throw .temporaryFiles(reason: Self.reason(error))
        }
        let log = directory + "/renderer.log"
        let arguments = arguments(directory: directory, page: page, output: output)
        try run(arguments: arguments, environment: environment(directory: directory), log: log)
        let bytes = FileManager.default.contents(atPath: output).map { [UInt8]($0) } ?? []
        guard bytes.starts(with: Array("%PDF-".utf8)) else {
            let detail = bytes.isEmpty ? "no output file" : "the output does not start with %PDF"
            throw .renderFailed(renderer: executable, reason: detail + Self.lastLines(of: log))
        }
        do {
            try PrivateFiles.write(bytes, to: path)
        } catch {
            throw .cannotWrite(path: path, reason: Self.reason(error))
        }
    }

    func arguments(directory: String, page: String, output: String) -> [String] {
        // Root cannot run Chromium's sandbox (a test container, CI): it refuses to start without this.
        (geteuid() == 0 ? ["--no-sandbox"] : []) + [
            "--headless=new", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check",
            "--disable-extensions", "--disable-background-networking", "--disable-sync", "--disable-crash-reporter",
            "--crash-dumps-dir=" + directory + "/crash", "--user-data-dir=" + directory + "/profile", "--no-pdf-header-footer",
            "--print-to-pdf=" + output,
            "file://" + Self.percentEncoded(page),
        ]
    }

    /// This process's environment with HOME and the XDG base directories inside `directory`: Chromium
    /// keeps its crash database ("Crash Reports/settings.dat") under XDG_CONFIG_HOME whatever
    /// --user-data-dir and --crash-dumps-dir say, and caches (dconf, fontconfig) under XDG_CACHE_HOME.
    func environment(directory: String, inherited: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        var environment = inherited
        environment["HOME"] = directory + "/home"
        for (name, folder) in [
            ("XDG_CONFIG_HOME", "config"), ("XDG_CACHE_HOME", "cache"), ("XDG_DATA_HOME", "data"),
            ("XDG_STATE_HOME", "state"),
        ] {
            environment[name] = directory + "/" + folder
        }
        return environment.map { $0.key + "=" + $0.value }.sorted()
    }

    private func run(arguments: [String], environment: [String], log: String) throws(PDFRenderError) {
        let fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .temporaryFiles(reason: "\(UntrustedText.escaped(log)): \(ErrnoText(errno).message)") }
        defer { close(fd) }
        let status = try runInOwnGroup(arguments: arguments, environment: environment, logDescriptor: fd)
        // The wait status by hand (WIFEXITED and friends are macros Swift does not import).
        let signal = status & 0x7f
        let exitCode = (status >> 8) & 0xff
        guard signal == 0, exitCode == 0 else {
            let how = signal == 0 ? "exit status \(exitCode)" : "signal \(signal)"
            throw .renderFailed(renderer: executable, reason: how + Self.lastLines(of: log))
        }
    }

    /// A 0700 directory of its own under TMPDIR (or /tmp): mkdtemp makes it private and unique.
    private static func privateDirectory() throws(PDFRenderError) -> String {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/gripfit-report-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw .temporaryFiles(reason: "\(UntrustedText.escaped(base)): \(ErrnoText(errno).message)")
        }
        return String(cString: made)
    }

    /// The renderer's last words, for the message: at most three lines of 300 characters.
    private static func lastLines(of log: String) -> String {
        guard let data = FileManager.default.contents(atPath: log) else { return "" }
        let lines = String(decoding: data.suffix(4096), as: UTF8.self).split(separator: "\n").suffix(3)
        guard !lines.isEmpty else { return "" }
        return "; it said: " + UntrustedText.escaped(lines.map { String($0.prefix(300)) }.joined(separator: " / "))
    }

    private static func reason(_ error: StoreError) -> String {
        switch error {
        case .cannotWrite(_, let reason), .unavailable(_, let reason): reason
        default: error.description
        }
    }

    /// A path as a file: URL, every byte but unreserved ones and "/" percent-encoded.
    static func percentEncoded(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }
}
