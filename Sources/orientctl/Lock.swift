import CLibc
import CallError
import OrientationCore
import Systemd

/// `orientctl lock`: holds a screen orientation lock while a command runs (like
/// systemd-inhibit) or until SIGINT/SIGTERM. The lock belongs to this process's bus
/// connection, so it goes when orientctl ends, however it ends.
struct Lock {
    static let spec = CommandSpec(
        name: "lock",
        abstract: "Hold a screen orientation lock (while a command runs).",
        discussion: """
            Calls LockScreenOrientation with ORIENTATION (default: the current ScreenOrientation). \
            With -- COMMAND, runs COMMAND and exits with its status (128+N when signal N ended it); \
            SIGINT is left to COMMAND. Without a command, holds the lock until SIGINT or SIGTERM \
            and exits 0. The lock is released when orientctl exits.
            """,
        members: [
            CommonMembers.bus, CommonMembers.json,
            .argument(ArgumentSpec(name: "orientation", arity: .optional,
                                   help: "portrait, portraitUpsideDown, landscapeLeft or landscapeRight; default: the current screen orientation.",
                                   completion: .words(["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight"]))),
            .argument(ArgumentSpec(name: "command", arity: .afterTerminator,
                                   help: "The command to run while the lock is held (after --).", completion: .command)),
        ])
    let options: BusOptions
    let orientation: String?
    let command: [String]

    init(_ parsed: ParsedArguments) {
        options = BusOptions(parsed)
        orientation = parsed.argument("orientation")
        command = parsed.trailing
    }

    func run() throws(CommandError) {
        let bus = try options.connect()
        let locked = try asking(options.bus) { () throws(BusError) in
            _ = try bus.call(destination: Service.busName, path: Service.objectPath, interface: Service.interface,
                             member: Service.lockMethod, orientation ?? "")
            return try bus.getStringProperty(destination: Service.busName, path: Service.objectPath,
                                             interface: Service.interface, name: Service.screenOrientationLock)
        }
        writeError("orientctl: screen orientation locked to \(locked)\n")
        if command.isEmpty {
            try holdUntilSignal(bus)
        } else {
            let status = runCommand(command)
            withExtendedLifetime(bus) {}
            throw .exit(status)
        }
    }

    /// Serves the connection until SIGINT/SIGTERM (exit 0) or orientd leaving the bus (exit 1).
    private func holdUntilSignal(_ bus: Bus) throws(CommandError) {
        let code = try attempt { () throws(CallError) in
            let loop = try EventLoop()
            try bus.attach(to: loop)
            let vanished = try bus.addMatch("type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(Service.busName)',arg2=''") { _ in
                writeError("orientctl: orientd left the bus\n")
                loop.exit(1)
            }
            let term = try loop.addSignal(SIGTERM) { loop.exit(0) }
            let interrupt = try loop.addSignal(SIGINT) { loop.exit(0) }
            let code = try loop.run()
            withExtendedLifetime((vanished, term, interrupt)) {}
            return code
        }
        if code == 0 {
            _ = try? bus.call(destination: Service.busName, path: Service.objectPath, interface: Service.interface,
                              member: Service.unlockMethod)
        }
        if code != 0 { throw .exit(code) }
    }

    /// Runs `command` (searched in PATH) and returns its exit status as a shell reports it.
    private func runCommand(_ command: [String]) -> Int32 {
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        // A terminal's SIGINT reaches COMMAND too; orientctl waits for COMMAND's answer to it.
        orientd_ignore_signal(SIGINT)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        let r = posix_spawnp(&pid, command[0], nil, &attributes, argv, orientd_environ())
        guard r == 0 else {
            writeError("orientctl: cannot run \(command[0]): \(String(cString: strerror(r)))\n")
            return r == ENOENT ? 127 : 126
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && orientd_errno() == EINTR {}
        let signalNumber = status & 0x7f
        return signalNumber == 0 ? (status >> 8) & 0xff : 128 + signalNumber
    }
}
