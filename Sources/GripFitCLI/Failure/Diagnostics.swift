import Logging

/// swift-log set up once, to stderr, so diagnostics never mix with data on stdout.
enum Diagnostics {
    nonisolated(unsafe) private static var bootstrapped = false
    nonisolated(unsafe) private static var level: Logger.Level = .warning

    static func bootstrap(level: Logger.Level) {
        Self.level = level
        guard !bootstrapped else { return }
        bootstrapped = true
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = Diagnostics.level
            return handler
        }
    }

    static func logger(label: String) -> Logger {
        var logger = Logger(label: label)
        logger.logLevel = level
        return logger
    }
}
