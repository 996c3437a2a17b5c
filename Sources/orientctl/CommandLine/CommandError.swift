/// How a command ends other than by success; `Orientctl.main` prints it and picks the exit
/// status (the codes and texts are those of orientctl(1): 1 for a failure, 64 for usage).
enum CommandError: Error {
    /// A failure while running: "Error: MESSAGE", exit status 1.
    case failure(String)
    /// A command line the table refuses: the message, the parameter's help line if there is
    /// one, the command's usage; exit status 64.
    case usage(String, command: CommandSpec?, help: String?)
    /// A value the command refused after parsing (`--count 0`): the message and usage, exit 64.
    case invalid(String, command: CommandSpec?)
    /// Exit with this status and no message (the command has said what it had to say).
    case exit(Int32)
}
