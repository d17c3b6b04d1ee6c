import Glibc
import GripFitOutput

/// A DFU package file's bytes, bounded (a package is a few hundred kB), each failure naming the
/// path, errno and the fix.
enum PackageFile {
    static let maximumBytes = 4 * 1_048_576

    static func read(_ path: String) throws(CLIFailure) -> [UInt8] {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw CLIFailure(
                "\(path): cannot open (\(ErrnoText(code).message)). Name the zip `adafruit-nrfutil dfu genpkg` made.",
                status: code == ENOENT ? .noInput : code == EACCES ? .noPermission : .ioError
            )
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count <= maximumBytes {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                // EISDIR lands here: open(2) opens a directory read-only.
                throw CLIFailure(
                    "\(path): cannot read (\(ErrnoText(code).message)). Name the zip `adafruit-nrfutil dfu genpkg` made.",
                    status: code == EISDIR ? .noInput : .ioError
                )
            }
            bytes += chunk[0..<count]
        }
        throw CLIFailure("\(path) is larger than \(maximumBytes / 1_048_576) MiB: no DFU package is.", status: .dataError)
    }
}
