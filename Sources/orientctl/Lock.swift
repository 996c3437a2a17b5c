import ArgumentParser
import Foundation
import OrientationCore
import Systemd

/// `orientctl lock`: holds a screen orientation lock while a command runs (like
/// systemd-inhibit) or until SIGINT/SIGTERM. The lock belongs to this process's bus
/// connection, so it goes when orientctl ends, however it ends.
struct Lock: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Hold a screen orientation lock (while a command runs).",
        discussion: """
            Calls LockScreenOrientation with ORIENTATION (default: the current ScreenOrientation). \
            With -- COMMAND, runs COMMAND and exits with its status (128+N when signal N ended it); \
            SIGINT is left to COMMAND. Without a command, holds the lock until SIGINT or SIGTERM \
            and exits 0. The lock is released when orientctl exits.
            """
    )
    @OptionGroup var options: BusOptions

    @Argument(help: "portrait, portraitUpsideDown, landscapeLeft or landscapeRight; default: the current screen orientation.")
    var orientation: String?

    @Argument(parsing: .postTerminator, help: "The command to run while the lock is held (after --).")
    var command: [String] = []

    func run() throws {
        let bus = try options.connect()
        let locked: String
        do {
            _ = try bus.call(destination: Service.busName, path: Service.objectPath, interface: Service.interface,
                             member: Service.lockMethod, orientation ?? "")
            locked = try bus.getStringProperty(destination: Service.busName, path: Service.objectPath,
                                               interface: Service.interface, name: Service.screenOrientationLock)
        } catch {
            throw failure(options.bus, error)
        }
        FileHandle.standardError.write(Data("orientctl: screen orientation locked to \(locked)\n".utf8))
        if command.isEmpty {
            try holdUntilSignal(bus)
        } else {
            let status = try runCommand(command)
            withExtendedLifetime(bus) {}
            throw ExitCode(status)
        }
    }

    /// Serves the connection until SIGINT/SIGTERM (exit 0) or orientd leaving the bus (exit 1).
    private func holdUntilSignal(_ bus: Bus) throws {
        let loop = try EventLoop()
        try bus.attach(to: loop)
        let vanished = try bus.addMatch("type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(Service.busName)',arg2=''") { _ in
            FileHandle.standardError.write(Data("orientctl: orientd left the bus\n".utf8))
            loop.exit(1)
        }
        let term = try loop.addSignal(SIGTERM) { loop.exit(0) }
        let interrupt = try loop.addSignal(SIGINT) { loop.exit(0) }
        let code = try loop.run()
        withExtendedLifetime((vanished, term, interrupt)) {}
        if code == 0 {
            _ = try? bus.call(destination: Service.busName, path: Service.objectPath, interface: Service.interface,
                              member: Service.unlockMethod)
        }
        if code != 0 { throw ExitCode(code) }
    }

    /// Runs `command` (searched in PATH) and returns its exit status as a shell reports it.
    private func runCommand(_ command: [String]) throws -> Int32 {
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        // A terminal's SIGINT reaches COMMAND too; orientctl waits for COMMAND's answer to it.
        signal(SIGINT, SIG_IGN)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        let r = posix_spawnp(&pid, command[0], nil, &attributes, argv, environ)
        guard r == 0 else {
            FileHandle.standardError.write(Data("orientctl: cannot run \(command[0]): \(String(cString: strerror(r)))\n".utf8))
            return r == ENOENT ? 127 : 126
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signalNumber = status & 0x7f
        return signalNumber == 0 ? (status >> 8) & 0xff : 128 + signalNumber
    }
}
