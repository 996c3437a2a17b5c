/// Shell completions for bash, zsh and fish, written from the command table
/// (`orientctl --generate-completion-script SHELL`; the Makefile installs them).
enum CompletionScript {
    static func make(_ shell: String, commands: [CommandSpec]) -> String? {
        switch shell {
        case "bash": bash(commands)
        case "zsh": zsh(commands)
        case "fish": fish(commands)
        default: nil
        }
    }

    static let common = ["--version", "-h", "--help"]

    // MARK: bash

    static func bash(_ commands: [CommandSpec]) -> String {
        let names = commands.map { $0.name } + ["help"]
        var out = """
            # bash completion for orientctl, written by `orientctl --generate-completion-script bash`.
            _orientctl() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=
                ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD-1]}
                local i command= terminator=0
                for ((i = 1; i < COMP_CWORD; i++)); do
                    if [[ -z $command && ${COMP_WORDS[i]} != -* ]]; then
                        command=${COMP_WORDS[i]}
                    elif [[ -n $command && ${COMP_WORDS[i]} == -- ]]; then
                        terminator=$i
                        break
                    fi
                done
                if [[ -z $command ]]; then
                    COMPREPLY=($(compgen -W '\((names + common).joined(separator: " "))' -- "$cur"))
                    return
                fi
                case $command in

            """
        for c in commands {
            out += "    \(c.name))\n"
            if c.arguments.contains(where: { $0.completion == .command }) {
                out += """
                            if ((terminator)); then
                                if ((COMP_CWORD == terminator + 1)); then
                                    COMPREPLY=($(compgen -c -- "$cur"))
                                else
                                    compopt -o filenames 2>/dev/null
                                    COMPREPLY=($(compgen -f -- "$cur"))
                                fi
                                return
                            fi

                    """
            }
            let valued = c.options.filter { $0.value != nil }
            if !valued.isEmpty {
                out += "        case $prev in\n"
                for o in valued {
                    out += "        \(o.flag)) \(bashValues(o.completion)) return ;;\n"
                }
                out += "        esac\n"
            }
            let flags = c.options.map { $0.flag } + common + (c.arguments.contains { $0.arity == .afterTerminator } ? ["--"] : [])
            out += "        if [[ $cur == -* ]]; then\n"
            out += "            COMPREPLY=($(compgen -W '\(flags.joined(separator: " "))' -- \"$cur\"))\n"
            out += "            return\n        fi\n"
            for a in c.arguments where a.arity != .afterTerminator {
                out += "        \(bashValues(a.completion))\n"
            }
            out += "        ;;\n"
        }
        out += """
                help)
                    COMPREPLY=($(compgen -W '\(commands.map { $0.name }.joined(separator: " "))' -- "$cur"))
                    ;;
                esac
            }
            complete -F _orientctl orientctl

            """
        return out
    }

    private static func bashValues(_ completion: Completion) -> String {
        switch completion {
        case .none, .command: ""
        case .file: "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\"));"
        case .words(let words): "COMPREPLY=($(compgen -W '\(words.joined(separator: " "))' -- \"$cur\"));"
        }
    }

    // MARK: zsh

    static func zsh(_ commands: [CommandSpec]) -> String {
        var out = """
            #compdef orientctl
            # zsh completion for orientctl, written by `orientctl --generate-completion-script zsh`.
            _orientctl() {
                local context state state_descr line
                typeset -A opt_args
                _arguments -C \\
                    '--version[Show the version.]' \\
                    '(-h --help)'{-h,--help}'[Show help information.]' \\
                    '1: :->command' \\
                    '*:: :->args'
                case $state in
                command)
                    local -a commands
                    commands=(

            """
        for c in commands {
            out += "            \(quoted(c.name + ":" + c.abstract))\n"
        }
        out += "            'help:Show subcommand help information.'\n"
        out += """
                    )
                    _describe -t commands 'orientctl subcommand' commands
                    ;;
                args)
                    case $line[1] in

            """
        for c in commands {
            var specs = ["'--version[Show the version.]'", "'(-h --help)'{-h,--help}'[Show help information.]'"]
            for o in c.options {
                let text = zshEscape(o.help)
                specs.append(o.value == nil
                    ? quoted("\(o.flag)[\(text)]")
                    : quoted("\(o.flag)=[\(text)]:\(o.name):\(spec(o.completion, .zsh))"))
            }
            for a in c.arguments {
                switch a.arity {
                case .required: specs.append(quoted(":\(a.name):\(spec(a.completion, .zsh))"))
                case .optional: specs.append(quoted("::\(a.name):\(spec(a.completion, .zsh))"))
                case .afterTerminator: specs.append(quoted("*::\(a.name):\(spec(a.completion, .zsh))"))
                }
            }
            out += "        \(c.name))\n            _arguments \\\n"
            out += specs.map { "                \($0)" }.joined(separator: " \\\n") + "\n            ;;\n"
        }
        out += """
                    help)
                        _values 'subcommand' \(commands.map { $0.name }.joined(separator: " "))
                        ;;
                    esac
                    ;;
                esac
            }
            _orientctl "$@"

            """
        return out
    }

    private enum Shell { case zsh, fish }

    /// What a value's completion is in a shell's spec: zsh's action, fish's `complete` flags.
    private static func spec(_ completion: Completion, _ shell: Shell) -> String {
        switch (completion, shell) {
        case (.none, .zsh): " "
        case (.none, .fish): ""
        case (.file, .zsh): "_files"
        case (.file, .fish): " -F"
        case (.words(let words), .zsh): "(\(words.joined(separator: " ")))"
        case (.words(let words), .fish): " -a \(fishQuoted(words.joined(separator: " ")))"
        case (.command, .zsh): "_normal"
        case (.command, .fish): " -a \(fishQuoted("(__fish_complete_command)"))"
        }
    }

    private static func zshEscape(_ text: String) -> String { escaped(text, "[]:\\") }

    /// `text` with a backslash before each of `special`.
    private static func escaped(_ text: String, _ special: String) -> String {
        var out = ""
        for ch in text {
            if special.contains(ch) { out += "\\" }
            out.append(ch)
        }
        return out
    }

    /// Single-quoted for sh and zsh.
    private static func quoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    // MARK: fish

    static func fish(_ commands: [CommandSpec]) -> String {
        var out = "# fish completion for orientctl, written by `orientctl --generate-completion-script fish`.\n"
        out += "complete -c orientctl -f\n"
        let none = "__fish_use_subcommand"
        out += "complete -c orientctl -n \(none) -l version -d \(fishQuoted("Show the version."))\n"
        out += "complete -c orientctl -s h -l help -d \(fishQuoted("Show help information."))\n"
        for c in commands {
            out += "complete -c orientctl -n \(none) -a \(c.name) -d \(fishQuoted(c.abstract))\n"
        }
        out += "complete -c orientctl -n \(none) -a help -d \(fishQuoted("Show subcommand help information."))\n"
        for c in commands {
            let seen = fishQuoted("__fish_seen_subcommand_from \(c.name)")
            for o in c.options {
                var line = "complete -c orientctl -n \(seen) -l \(o.name)"
                // -x: a value and no file names; -r -F: a file name.
                if o.value != nil { line += (o.completion == .file ? " -r" : " -x") + spec(o.completion, .fish) }
                out += line + " -d \(fishQuoted(o.help))\n"
            }
            for a in c.arguments {
                let values = spec(a.completion, .fish)
                if !values.isEmpty { out += "complete -c orientctl -n \(seen)\(values) -d \(fishQuoted(a.help))\n" }
            }
        }
        out += "complete -c orientctl -n \(fishQuoted("__fish_seen_subcommand_from help")) -a \(fishQuoted(commands.map { $0.name }.joined(separator: " ")))\n"
        return out
    }

    private static func fishQuoted(_ text: String) -> String { "'" + escaped(text, "'\\") + "'" }
}
