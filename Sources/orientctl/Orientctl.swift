import CLibc
import OrientationCore

/// The command line: the table of subcommands, then one dispatch. Exit statuses: 0, 1 for a
/// failure, 64 for a usage error, a lock's command's own status (orientctl(1)).
@main
struct Orientctl {
    static let abstract = "Query and test the orientd device orientation service."
    static let version = "orientctl \(OrientdVersion.number) (\(OrientdVersion.toolchain))"

    /// Every subcommand, in the order `--help` lists them, with how it runs.
    static let commands: [(spec: CommandSpec, run: @Sendable (ParsedArguments) throws(CommandError) -> Void)] = [
        (Get.spec, { args throws(CommandError) in try Get(args).run() }),
        (Status.spec, { args throws(CommandError) in try Status(args).run() }),
        (Monitor.spec, { args throws(CommandError) in try Monitor(args).run() }),
        (Lock.spec, { args throws(CommandError) in try Lock(args).run() }),
        (Sensors.spec, { _ throws(CommandError) in Sensors().run() }),
        (Classify.spec, { args throws(CommandError) in try Classify(args).run() }),
        (PostureCommand.spec, { args throws(CommandError) in try PostureCommand(args).run() }),
    ]

    static var rootHelp: String { HelpText.rootHelp(abstract: abstract, commands: commands.map { $0.spec }) }

    static func main() {
        let args = (1..<Int(orientd_argc())).map { String(cString: orientd_argv()[$0]!) }
        do {
            try dispatch(args)
            exit(0)
        } catch {
            switch error {
            case .failure(let message):
                writeError("Error: \(message)\n")
                exit(1)
            case .usage(let message, let command, let help):
                writeError(HelpText.error(message, command: command, help: help))
                exit(64)
            case .invalid(let message, let command):
                writeError(HelpText.error(message, command: command, help: nil))
                exit(64)
            case .exit(let status):
                exit(status)
            }
        }
    }

    static func dispatch(_ args: [String]) throws(CommandError) {
        guard let first = args.first else { return writeAll(1, rootHelp) }
        if first == "--generate-completion-script" {
            // The Makefile writes the installed completions with this (hidden, as before).
            let shell = args.count > 1 ? args[1] : "bash"
            guard let script = CompletionScript.make(shell, commands: commands.map { $0.spec }) else {
                throw .usage("The value '\(shell)' is invalid for '--generate-completion-script <shell>'", command: nil, help: nil)
            }
            return writeAll(1, script)
        }
        if first == "help" {
            let spec = args.count > 1 ? commands.first { $0.spec.name == args[1] }?.spec : nil
            return writeAll(1, spec.map(HelpText.help) ?? rootHelp)
        }
        guard let command = commands.first(where: { $0.spec.name == first }) else {
            if args.contains(where: { $0 == "-h" || $0 == "--help" }) { return writeAll(1, rootHelp) }
            if args.contains("--version") { return writeLine(version) }
            if first.hasPrefix("---") { throw .usage("Invalid option: \(first)", command: nil, help: nil) }
            if first.hasPrefix("-") { throw .usage("Unknown option '\(first)'", command: nil, help: nil) }
            throw .usage("Unexpected argument '\(first)'", command: nil, help: nil)
        }
        switch try ParsedArguments.parse(Array(args.dropFirst()), for: command.spec) {
        case .help: writeAll(1, HelpText.help(command.spec))
        case .version: writeLine(version)
        case .run(let parsed): try command.run(parsed)
        }
    }
}
