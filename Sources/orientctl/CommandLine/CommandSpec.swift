/// The command table: every subcommand of orientctl with its options and arguments. The parser,
/// the help text, the usage line in error messages and the shell completions are all made from
/// it, so they cannot disagree.
struct CommandSpec {
    let name: String
    let abstract: String
    /// Paragraph printed under the overview in `--help`, wrapped to the help width.
    var discussion: String? = nil
    /// Options and arguments in declaration order (the usage line keeps that order).
    var members: [Member] = []

    var options: [OptionSpec] { members.compactMap { if case .option(let o) = $0 { return o } else { return nil } } }
    var arguments: [ArgumentSpec] { members.compactMap { if case .argument(let a) = $0 { return a } else { return nil } } }
}

enum Member {
    case option(OptionSpec)
    case argument(ArgumentSpec)
}

/// What a shell may offer for a value.
enum Completion: Equatable {
    case none
    case file
    case words([String])
    /// A command and its arguments (`orientctl lock -- COMMAND`).
    case command
}

/// `--name` alone (a flag) or `--name <value>` / `--name=<value>`.
struct OptionSpec {
    enum Value: Equatable {
        case string
        case integer
        case number
    }

    let name: String
    /// nil: a flag.
    var value: Value? = nil
    let help: String
    /// Shown in `--help` as "(default: …)".
    var defaultText: String? = nil
    var completion: Completion = .none

    var flag: String { "--" + name }
    /// `--count <count>` as in usage lines and errors.
    var label: String { value == nil ? flag : "\(flag) <\(name)>" }
}

/// A positional argument.
struct ArgumentSpec {
    enum Arity: Equatable {
        case required
        case optional
        /// Everything after `--`.
        case afterTerminator
    }

    let name: String
    var arity: Arity = .required
    let help: String
    var completion: Completion = .none

    var label: String { "<\(name)>" }
}

/// Options shared by the commands that talk to the daemon.
enum CommonMembers {
    static let bus = Member.option(OptionSpec(name: "bus", value: .string, help: "Bus: system, session, or a D-Bus address.",
                                              defaultText: "system", completion: .words(["system", "session"])))
    static let json = Member.option(OptionSpec(name: "json", help: "Print JSON instead of text."))
}
