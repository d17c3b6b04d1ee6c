import UmockdevTestSupport

extension CLIProcess {
    /// Runs the binary under `umockdev-run` with these fake devices and tty scripts (devnode → script file).
    static func underUmockdev(_ fixtures: [String], scripts: [String: String] = [:], _ arguments: [String]) throws -> Result {
        let devices = fixtures.flatMap { ["--device", Testbed.fixturePath($0)] }
        let played = scripts.sorted { $0.key < $1.key }.flatMap { ["--script", "\($0.key)=\(Testbed.fixtureFile($0.value))"] }
        return try run(arguments, prefix: ["/usr/bin/env", "umockdev-run"] + devices + played + ["--"])
    }
}
