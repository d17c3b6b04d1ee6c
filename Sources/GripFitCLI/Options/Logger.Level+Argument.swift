import ArgumentParser
import Logging

/// `--log-level debug`: swift-log's own level names.
extension Logger.Level: @retroactive ExpressibleByArgument {}
