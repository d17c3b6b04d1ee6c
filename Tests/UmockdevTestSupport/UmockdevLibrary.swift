import Glibc

/// libumockdev's testbed calls, loaded with dlopen when a test first needs them, so building the
/// package never needs libumockdev-dev and glib's headers: only running the udev tests needs
/// umockdev installed, and those tests skip (or, under `make test`, fail) without it.
/// `@unchecked Sendable`: immutable C function pointers.
struct UmockdevLibrary: @unchecked Sendable {
    typealias Testbed = OpaquePointer
    /// A `GError **` out-parameter.
    typealias ErrorOut = UnsafeMutablePointer<UnsafeMutableRawPointer?>

    let testbedNew: @convention(c) () -> Testbed?
    let addFromString: @convention(c) (Testbed, UnsafePointer<CChar>, ErrorOut) -> Int32
    let uevent: @convention(c) (Testbed, UnsafePointer<CChar>, UnsafePointer<CChar>) -> Void
    let removeDevice: @convention(c) (Testbed, UnsafePointer<CChar>) -> Void
    let loadScript: @convention(c) (Testbed, UnsafePointer<CChar>, UnsafePointer<CChar>, ErrorOut) -> Int32
    let getDevFD: @convention(c) (Testbed, UnsafePointer<CChar>) -> Int32
    let getRootDir: @convention(c) (Testbed) -> UnsafeMutablePointer<CChar>?
    let objectUnref: @convention(c) (UnsafeMutableRawPointer) -> Void
    let free: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let errorFree: @convention(c) (UnsafeMutableRawPointer) -> Void

    /// The process-wide copy, or why it could not be loaded.
    static let shared: Result<UmockdevLibrary, TestbedError> = load()

    private static func load() -> Result<UmockdevLibrary, TestbedError> {
        // dlsym on this handle also searches its dependencies, gobject and glib.
        guard let handle = dlopen("libumockdev.so.0", RTLD_NOW) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown error"
            return .failure(TestbedError(message: "dlopen libumockdev.so.0: \(reason). Install umockdev (apt-get install umockdev)."))
        }
        func symbol<T>(_ name: String, as type: T.Type) throws(TestbedError) -> T {
            guard let pointer = dlsym(handle, name) else { throw TestbedError(message: "libumockdev has no \(name)") }
            return unsafeBitCast(pointer, to: type)
        }
        do {
            return .success(
                UmockdevLibrary(
                    testbedNew: try symbol("umockdev_testbed_new", as: (@convention(c) () -> Testbed?).self),
                    addFromString: try symbol(
                        "umockdev_testbed_add_from_string",
                        as: (@convention(c) (Testbed, UnsafePointer<CChar>, ErrorOut) -> Int32).self
                    ),
                    uevent: try symbol(
                        "umockdev_testbed_uevent",
                        as: (@convention(c) (Testbed, UnsafePointer<CChar>, UnsafePointer<CChar>) -> Void).self
                    ),
                    removeDevice: try symbol(
                        "umockdev_testbed_remove_device",
                        as: (@convention(c) (Testbed, UnsafePointer<CChar>) -> Void).self
                    ),
                    loadScript: try symbol(
                        "umockdev_testbed_load_script",
                        as: (@convention(c) (Testbed, UnsafePointer<CChar>, UnsafePointer<CChar>, ErrorOut) -> Int32).self
                    ),
                    getDevFD: try symbol(
                        "umockdev_testbed_get_dev_fd",
                        as: (@convention(c) (Testbed, UnsafePointer<CChar>) -> Int32).self
                    ),
                    getRootDir: try symbol(
                        "umockdev_testbed_get_root_dir",
                        as: (@convention(c) (Testbed) -> UnsafeMutablePointer<CChar>?).self
                    ),
                    objectUnref: try symbol("g_object_unref", as: (@convention(c) (UnsafeMutableRawPointer) -> Void).self),
                    free: try symbol("g_free", as: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self),
                    errorFree: try symbol("g_error_free", as: (@convention(c) (UnsafeMutableRawPointer) -> Void).self)
                )
            )
        } catch {
            return .failure(error)
        }
    }

    /// Takes a GError's message and frees it. GError is `{ GQuark domain; gint code; gchar *message; }`.
    func consume(_ error: UnsafeMutableRawPointer?) -> String {
        guard let error else { return "unknown error" }
        defer { errorFree(error) }
        let message = error.load(fromByteOffset: MemoryLayout<UInt32>.size + MemoryLayout<Int32>.size, as: UnsafePointer<CChar>?.self)
        return message.map { String(cString: $0) } ?? "unknown error"
    }
}
