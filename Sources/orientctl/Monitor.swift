import CLibc
import CallError
import OrientationCore
import Systemd

/// `orientctl monitor`: Begin, one line per change, End on the way out.
struct Monitor {
    static let spec = CommandSpec(
        name: "monitor",
        abstract: "Generate notifications and print each orientation change.",
        discussion: "Calls BeginGeneratingNotifications, prints the first answer and one timestamped line per OrientationDidChange, and calls EndGeneratingNotifications on exit (SIGINT, SIGTERM, --count or --timeout).",
        members: [
            CommonMembers.bus, CommonMembers.json,
            .option(OptionSpec(name: "count", value: .integer, help: "Exit after this many changes.")),
            .option(OptionSpec(name: "timeout", value: .number, help: "Exit after this many seconds.")),
        ])
    let options: BusOptions
    let count: Int?
    let timeout: Double?

    init(_ parsed: ParsedArguments) throws(CommandError) {
        options = BusOptions(parsed)
        count = parsed.integer("count")
        timeout = parsed.number("timeout")
        if let count, count < 1 { throw .invalid("--count must be at least 1", command: Self.spec) }
        if let timeout, !(timeout > 0) { throw .invalid("--timeout must be positive", command: Self.spec) }
    }

    func run() throws(CommandError) {
        let loop = try attempt { () throws(CallError) in try EventLoop() }
        let bus = try options.connect()
        try attempt { () throws(CallError) in try bus.attach(to: loop) }
        var seen = 0
        var exitCode: Int32 = 0
        var shown: String?
        let json = options.json
        let count = count
        let rule = "type='signal',sender='\(Service.busName)',path='\(Service.objectPath)',interface='\(Service.interface)',member='OrientationDidChange'"
        let changes = try attempt { () throws(CallError) in try bus.addMatch(rule) { message in
            guard let args = try? message.readStrings(), args.count == 2 else { return }
            // The change that produced Begin's answer is already on screen.
            guard args[0] != shown else { return }
            shown = args[0]
            writeLine(Self.line(orientation: args[0], previous: args[1], json: json))
            seen += 1
            if let count, seen >= count { loop.exit(0) }
        } }
        // The daemon leaving the bus ends the monitor with an error.
        let vanished = try attempt { () throws(CallError) in
            try bus.addMatch("type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(Service.busName)',arg2=''") { _ in
                writeError("orientctl: orientd left the bus\n")
                exitCode = 1
                loop.exit(1)
            }
        }
        let reply = try asking(options.bus) { () throws(BusError) in
            try bus.call(destination: Service.busName, path: Service.objectPath, interface: Service.interface,
                         member: Service.beginMethod)
        }
        let first = try attempt { () throws(CallError) in try reply.readString() }
        shown = first
        writeLine(Self.line(orientation: first, previous: nil, json: json))
        let timeout = timeout
        let (term, interrupt, deadline) = try attempt { () throws(CallError) in
            let term = try loop.addSignal(SIGTERM) { loop.exit(0) }
            let interrupt = try loop.addSignal(SIGINT) { loop.exit(0) }
            // A --timeout beyond what the timer can count (inf) is no timeout.
            var deadline: (any Cancellable)?
            if let timeout, timeout * 1_000_000 < Double(UInt64.max / 2) {
                deadline = try loop.addTimer(afterUs: UInt64(timeout * 1_000_000)) { loop.exit(0) }
            }
            _ = try loop.run()
            return (term, interrupt, deadline)
        }
        withExtendedLifetime((changes, vanished, term, interrupt, deadline)) {}
        if exitCode == 0 {
            _ = try? bus.call(destination: Service.busName, path: Service.objectPath, interface: Service.interface,
                              member: Service.endMethod)
        }
        if exitCode != 0 { throw .exit(exitCode) }
    }

    private static func line(orientation: String, previous: String?, json: Bool) -> String {
        let time = timestamp()
        if json {
            let prev = previous.map { ", \"previous\": \(jsonString($0))" } ?? ""
            return "{\"time\": \(jsonString(time)), \"orientation\": \(jsonString(orientation))\(prev)}"
        }
        return "\(time) \(orientation)"
    }
}
