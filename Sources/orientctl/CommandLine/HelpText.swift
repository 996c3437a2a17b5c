/// `--help`, usage lines and error messages, laid out from the command table: a 26-column
/// label, descriptions wrapped to 80 columns (the width of a terminal that says nothing).
enum HelpText {
    static let program = "orientctl"
    static let width = 80
    static let labelColumn = 26

    static let versionRow = ("--version", "Show the version.")
    static let helpRow = ("-h, --help", "Show help information.")

    /// `orientctl get [--bus <bus>] [--json] [--gravity]`; the root: `orientctl <subcommand>`.
    static func usage(_ spec: CommandSpec?) -> String {
        guard let spec else { return "\(program) <subcommand>" }
        var parts = ["\(program) \(spec.name)"]
        for member in spec.members {
            switch member {
            case .option(let o): parts.append("[\(o.label)]")
            case .argument(let a):
                switch a.arity {
                case .required: parts.append(a.label)
                case .optional: parts.append("[\(a.label)]")
                case .afterTerminator: parts.append("-- [\(a.label) ...]")
                }
            }
        }
        return parts.joined(separator: " ")
    }

    static func help(_ spec: CommandSpec) -> String {
        var out = "OVERVIEW: \(spec.abstract)\n\n"
        if let discussion = spec.discussion { out += wrap(discussion, indent: 0) + "\n\n" }
        out += "USAGE: \(usage(spec))\n\n"
        if !spec.arguments.isEmpty {
            out += "ARGUMENTS:\n"
            for a in spec.arguments { out += row(a.label, a.help) }
            out += "\n"
        }
        out += "OPTIONS:\n"
        for o in spec.options {
            out += row(o.label, o.help + (o.defaultText.map { " (default: \($0))" } ?? ""))
        }
        out += row(versionRow.0, versionRow.1) + row(helpRow.0, helpRow.1) + "\n"
        return out
    }

    static func rootHelp(abstract: String, commands: [CommandSpec]) -> String {
        var out = "OVERVIEW: \(abstract)\n\nUSAGE: \(usage(nil))\n\nOPTIONS:\n"
        out += row(versionRow.0, versionRow.1) + row(helpRow.0, helpRow.1)
        out += "\nSUBCOMMANDS:\n"
        for c in commands { out += row(c.name, c.abstract) }
        out += "\n  See '\(program) help <subcommand>' for detailed help.\n"
        return out
    }

    /// What goes to standard error for a usage error.
    static func error(_ message: String, command: CommandSpec?, help: String?) -> String {
        var out = "Error: \(message)\n"
        if let help { out += "Help:  \(help)\n" }
        let name = command.map { "\(program) \($0.name)" } ?? program
        out += "Usage: \(usage(command))\n  See '\(name) --help' for more information.\n"
        return out
    }

    /// "  LABEL" padded to the label column, then the description wrapped beside it.
    static func row(_ label: String, _ text: String) -> String {
        let head = "  " + label
        let body = wrap(text, indent: labelColumn)
        if head.count + 2 > labelColumn { return head + "\n" + String(repeating: " ", count: labelColumn) + body + "\n" }
        return head + String(repeating: " ", count: labelColumn - head.count) + body + "\n"
    }

    /// Words filled into lines of at most `width` bytes of UTF-8 (as swift-argument-parser, which
    /// wrote orientctl's help before, counted them); lines after the first are indented.
    static func wrap(_ text: String, indent: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, indent + line.utf8.count + 1 + word.utf8.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
    }
}
