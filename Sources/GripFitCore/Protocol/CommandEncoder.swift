/// The one place commands become bytes, so every writer sends exactly the same framing.
public enum CommandEncoder {
    public static func encode(_ command: Command) -> [UInt8] {
        Array(command.line.utf8) + [UInt8(ascii: "\n")]
    }
}
