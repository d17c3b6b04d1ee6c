import Testing

@testable import GripFitOutput

@Suite struct DeviceTextTests {
    @Test func keepsTheTextAsSentAndEscapesPerDialect() {
        let text = DeviceText("=1<b>\u{1B}\"x\\")
        #expect(text.raw == "=1<b>\u{1B}\"x\\")
        #expect(text.terminal == #"=1<b>\x1B"x\\"#)
        #expect(text.json == #""=1<b>\u001b\"x\\""#)
        #expect(text.csv == #"'=1<b>\x1B"x\\"#, "visible escapes: a CSV line never carries a control")
        #expect(text.xml == #"=1&lt;b&gt;\u{1b}&quot;x\"#)
    }
}
