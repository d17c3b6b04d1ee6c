import Glibc
import GripFitRecords

/// A 0600 file written piece by piece, as ``PrivateFiles/write(_:to:)`` writes it whole: into a
/// temporary file beside `path`, renamed over it only by ``commit()``, so an export that fails half
/// way leaves no truncated file. Its memory is the piece being written, whatever the file's size.
public final class PrivateFileWriter {
    public let path: String
    private var fd: Int32
    private let temporary: String

    public init(path: String) throws(StoreError) {
        self.path = path
        (fd, temporary) = try PrivateFiles.temporaryFile(beside: path)
    }

    deinit { abandon() }

    public func write(_ text: String) throws(StoreError) {
        var text = text
        let failure: Int32? = text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if written < 0 {
                    if errno != EINTR { return errno }
                } else {
                    offset += written
                }
            }
            return nil
        }
        if let failure { throw fail(failure) }
    }

    /// Flushes the file to disk and puts it in place.
    public func commit() throws(StoreError) {
        var failure: Int32?
        if fsync(fd) != 0, errno != EINVAL { failure = errno }
        if close(fd) != 0, failure == nil { failure = errno }
        fd = -1
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure { throw fail(failure) }
    }

    /// Removes the temporary file; nothing is left at `path` that was not there.
    public func abandon() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
        unlink(temporary)
    }

    private func fail(_ code: Int32) -> StoreError {
        if fd >= 0 { close(fd) }
        fd = -1
        unlink(temporary)
        return .cannotWrite(path: path, reason: PrivateFiles.describe(code))
    }
}
