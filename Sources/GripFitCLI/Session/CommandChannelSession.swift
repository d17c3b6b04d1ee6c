import Glibc
import GripFitCore
import GripFitLinux
import GripFitLive
import GripFitOutput

/// `monitor --format jsonl --commands -`: a ``CommandChannel`` on the session, its lines read from
/// stdin by a ``LineInput`` in the driver's own poll loop, what it asks handed to the driver, as
/// the live view's keys are (``LiveViewSession``).
struct CommandChannelSession {
    let channel: CommandChannel
    private let runner: SessionRunner

    /// The channel writes its `session` event into `output` at once, before the stream's first.
    init(runner: SessionRunner, output: BatchedOutput, input: Int32 = STDIN_FILENO) {
        let clock = runner.clock
        let channel = CommandChannel(
            output: output,
            wallTime: runner.wallClock,
            start: clock.now(),
            tool: BuildInfo.version,
            port: runner.connection.path,
            serial: runner.connection.selection?.serial
        )
        let lines = LineInput(fileDescriptor: input)
        let perform = { [weak driver = runner.driver] (actions: [ConsumerAction]) in
            for action in actions {
                switch action {
                case .submit(let command): driver?.submit(command)
                case .stop: driver?.stop()
                }
            }
        }
        lines.onLine = { line in
            var actions: [ConsumerAction] = []
            channel.receive(line, at: clock.now(), into: &actions)
            perform(actions)
        }
        lines.onEnd = { failure in
            var actions: [ConsumerAction] = []
            let said = failure.map { "reading the commands failed: \($0); the session ends as at end of input" }
            channel.endOfInput(at: clock.now(), failure: said, into: &actions)
            perform(actions)
        }
        runner.driver.eventSources.append(lines)
        self.channel = channel
        self.runner = runner
    }

    /// Answers the commands still waiting once the session is over (a signal, `--duration`).
    func finish() {
        channel.finish(at: runner.clock.now(), link: LinkFacts(runner.driver.machine, portOpen: false))
    }
}
