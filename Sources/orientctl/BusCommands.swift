import ArgumentParser
import Foundation
import OrientationCore
import Systemd

/// Options shared by the commands that talk to the daemon.
struct BusOptions: ParsableArguments {
    @Option(name: .long, help: "Bus: system, session, or a D-Bus address.")
    var bus: String = "system"

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    func connect() throws -> Bus {
        do {
            return try Bus(BusAddress(bus), description: "orientctl")
        } catch {
            throw Failure("cannot connect to the \(bus) bus: \(error)")
        }
    }
}

typealias Service = Contract.Orientation1

/// An error message and exit status 1, without usage text.
struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func failure(_ bus: String, _ error: BusError) -> Failure {
    if error.name == Contract.ErrorName.serviceUnknown || error.name == Contract.ErrorName.nameHasNoOwner {
        return Failure("orientd is not running on the \(bus) bus (\(Service.busName) has no owner)")
    }
    return Failure("\(error.name): \(error.message)")
}

func jsonString(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

struct Get: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the current orientation, or the gravity vector.")
    @OptionGroup var options: BusOptions

    @Flag(help: "Print the gravity vector (ReadGravity) as x y z in m/s² instead.")
    var gravity = false

    func run() throws {
        let bus = try options.connect()
        do {
            if gravity {
                let reply = try bus.call(destination: Service.busName, path: Service.objectPath, interface: Service.interface,
                                         member: Service.readGravityMethod)
                let v = try [reply.readDouble(), reply.readDouble(), reply.readDouble()]
                let text = v.map { String(format: "%.4f", $0) }
                print(options.json ? "{\"x\": \(text[0]), \"y\": \(text[1]), \"z\": \(text[2])}" : text.joined(separator: " "))
                return
            }
            let value = try bus.getStringProperty(destination: Service.busName, path: Service.objectPath,
                                                  interface: Service.interface, name: Service.orientation)
            print(options.json ? "{\"Orientation\": \(jsonString(value))}" : value)
        } catch let error as BusError {
            throw failure(options.bus, error)
        }
    }
}

struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print every property of the service.")
    @OptionGroup var options: BusOptions

    func run() throws {
        let bus = try options.connect()
        var fields: [(String, String, String)] = []  // name, text, json
        do {
            for name in Service.stringProperties {
                let v = try bus.getStringProperty(destination: Service.busName, path: Service.objectPath, interface: Service.interface, name: name)
                let text = name == "ScreenOrientationLock" && v.isEmpty ? "none" : v
                fields.append((name, text, jsonString(v)))
            }
            for name in Service.stringArrayProperties {
                let v = try bus.getStringArrayProperty(destination: Service.busName, path: Service.objectPath, interface: Service.interface, name: name)
                fields.append((name, v.joined(separator: " "), "[" + v.map(jsonString).joined(separator: ", ") + "]"))
            }
            for name in Service.boolProperties {
                let v = try bus.getBoolProperty(destination: Service.busName, path: Service.objectPath, interface: Service.interface, name: name)
                fields.append((name, v ? "yes" : "no", v ? "true" : "false"))
            }
        } catch {
            throw failure(options.bus, error)
        }
        if options.json {
            print("{" + fields.map { "\(jsonString($0.0)): \($0.2)" }.joined(separator: ", ") + "}")
        } else {
            for (name, text, _) in fields { print("\(name): \(text)") }
        }
    }
}

struct Monitor: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate notifications and print each orientation change.",
        discussion: "Calls BeginGeneratingNotifications, prints the first answer and one timestamped line per OrientationDidChange, and calls EndGeneratingNotifications on exit (SIGINT, SIGTERM, --count or --timeout)."
    )
    @OptionGroup var options: BusOptions

    @Option(help: "Exit after this many changes.")
    var count: Int?

    @Option(help: "Exit after this many seconds.")
    var timeout: Double?

    func validate() throws {
        if let count, count < 1 { throw ValidationError("--count must be at least 1") }
        if let timeout, !(timeout > 0) { throw ValidationError("--timeout must be positive") }
    }

    func run() throws {
        let loop = try EventLoop()
        let bus = try options.connect()
        try bus.attach(to: loop)
        var seen = 0
        var exitCode: Int32 = 0
        var shown: String?
        let rule = "type='signal',sender='\(Service.busName)',path='\(Service.objectPath)',interface='\(Service.interface)',member='OrientationDidChange'"
        let changes = try bus.addMatch(rule) { message in
            guard let args = try? message.readStrings(), args.count == 2 else { return }
            // The change that produced Begin's answer is already on screen.
            guard args[0] != shown else { return }
            shown = args[0]
            writeLine(line(orientation: args[0], previous: args[1]))
            seen += 1
            if let count, seen >= count { loop.exit(0) }
        }
        // The daemon leaving the bus ends the monitor with an error.
        let vanished = try bus.addMatch("type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(Service.busName)',arg2=''") { _ in
            FileHandle.standardError.write(Data("orientctl: orientd left the bus\n".utf8))
            exitCode = 1
            loop.exit(1)
        }
        let first: String
        do {
            first = try bus.call(destination: Service.busName, path: Service.objectPath, interface: Service.interface,
                                 member: Service.beginMethod).readString()
        } catch let error as BusError {
            throw failure(options.bus, error)
        }
        shown = first
        writeLine(line(orientation: first, previous: nil))
        let term = try loop.addSignal(SIGTERM) { loop.exit(0) }
        let interrupt = try loop.addSignal(SIGINT) { loop.exit(0) }
        let deadline = try timeout.map { try loop.addTimer(afterUs: UInt64($0 * 1_000_000)) { loop.exit(0) } }
        _ = try loop.run()
        withExtendedLifetime((changes, vanished, term, interrupt, deadline)) {}
        if exitCode == 0 {
            _ = try? bus.call(destination: Service.busName, path: Service.objectPath, interface: Service.interface,
                              member: Service.endMethod)
        }
        if exitCode != 0 { throw ExitCode(exitCode) }
    }

    private func line(orientation: String, previous: String?) -> String {
        let time = timestamp()
        if options.json {
            let prev = previous.map { ", \"previous\": \(jsonString($0))" } ?? ""
            return "{\"time\": \(jsonString(time)), \"orientation\": \(jsonString(orientation))\(prev)}"
        }
        return "\(time) \(orientation)"
    }
}

/// Local time with milliseconds, ISO 8601.
func timestamp() -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ"
    return formatter.string(from: Date())
}

/// Unbuffered, so a pipe sees each change as it happens.
func writeLine(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}
