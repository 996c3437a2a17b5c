/// A command line read against a `CommandSpec`: GNU-style long options (`--name value`,
/// `--name=value`, repeated: the last wins), `-h`/`--help` and `--version` anywhere before `--`,
/// positional arguments in order, and what follows `--`.
struct ParsedArguments {
    enum Request {
        case run(ParsedArguments)
        case help
        case version
    }

    private(set) var values: [String: String] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positional: [String: String] = [:]
    private(set) var trailing: [String] = []

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func value(_ name: String) -> String? { values[name] }
    func argument(_ name: String) -> String? { positional[name] }

    /// The parsed integer option, if given (the parser has checked it).
    func integer(_ name: String) -> Int? { values[name].flatMap { Int($0) } }
    func number(_ name: String) -> Double? { values[name].flatMap { Double($0) } }

    static func parse(_ args: [String], for spec: CommandSpec) throws(CommandError) -> Request {
        let terminator = args.firstIndex(of: "--") ?? args.endIndex
        if args[..<terminator].contains(where: { $0 == "-h" || $0 == "--help" }) { return .help }
        if args[..<terminator].contains("--version") { return .version }
        var parsed = ParsedArguments()
        var pending = spec.arguments.filter { $0.arity != .afterTerminator }[...]
        var index = 0
        func positional(_ text: String) throws(CommandError) {
            guard let next = pending.popFirst() else {
                throw .usage("Unexpected argument '\(text)'", command: spec, help: nil)
            }
            parsed.positional[next.name] = text
        }
        while index < args.count {
            let arg = args[index]
            index += 1
            if index - 1 == terminator {
                let rest = args[index...]
                if spec.arguments.contains(where: { $0.arity == .afterTerminator }) {
                    parsed.trailing = Array(rest)
                } else {
                    for text in rest { try positional(text) }
                }
                break
            }
            if arg.hasPrefix("---") {
                throw .usage("Invalid option: \(arg)", command: nil, help: nil)
            }
            if arg.hasPrefix("--") {
                let body = arg.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                let inline: String? = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
                guard let option = spec.options.first(where: { $0.name == name }) else {
                    throw .usage("Unknown option '--\(name)'", command: spec, help: nil)
                }
                guard let kind = option.value else {
                    if let inline {
                        throw .usage("The option '\(option.flag)' does not take any value, but '\(inline)' was specified.",
                                     command: spec, help: nil)
                    }
                    parsed.flags.insert(name)
                    continue
                }
                var value = inline
                if value == nil, index < terminator, !args[index].hasPrefix("-") {
                    value = args[index]
                    index += 1
                }
                guard let value, !value.isEmpty else {
                    throw .usage("Missing value for '\(option.label)'", command: spec, help: helpLine(option.label, option.help))
                }
                let valid = switch kind {
                case .string: true
                case .integer: Int(value) != nil
                case .number: Double(value) != nil
                }
                guard valid else {
                    throw .usage("The value '\(value)' is invalid for '\(option.label)'", command: spec,
                                 help: helpLine(option.label, option.help))
                }
                parsed.values[name] = value
                continue
            }
            if arg.hasPrefix("-"), arg.count > 1 {
                throw .usage("Unknown option '\(arg)'", command: spec, help: nil)
            }
            try positional(arg)
        }
        if let missing = pending.first(where: { $0.arity == .required }) {
            throw .usage("Missing expected argument '\(missing.label)'", command: spec, help: helpLine(missing.label, missing.help))
        }
        return .run(parsed)
    }

    private static func helpLine(_ label: String, _ help: String) -> String { "\(label)  \(help)" }
}
