import CLibc
import CallError
import OrientationCore
import Systemd

/// Options shared by the commands that talk to the daemon (`CommonMembers.bus`, `.json`).
struct BusOptions {
    var bus: String = "system"
    var json = false

    init(_ parsed: ParsedArguments) {
        bus = parsed.value("bus") ?? "system"
        json = parsed.flag("json")
    }

    func connect() throws(CommandError) -> Bus {
        do {
            return try Bus(BusAddress(bus), description: "orientctl")
        } catch {
            throw .failure("cannot connect to the \(bus) bus: \(error)")
        }
    }
}

typealias Service = Contract.Orientation1

/// A failed C call as orientctl reports it: "Error: CALL: REASON", exit status 1.
func attempt<T>(_ body: () throws(CallError) -> T) throws(CommandError) -> T {
    do { return try body() } catch { throw .failure("\(error)") }
}

/// A D-Bus call to the daemon, its error turned into orientctl's message.
func asking<T>(_ bus: String, _ body: () throws(BusError) -> T) throws(CommandError) -> T {
    do { return try body() } catch { throw failure(bus, error) }
}

func failure(_ bus: String, _ error: BusError) -> CommandError {
    if error.name == Contract.ErrorName.serviceUnknown || error.name == Contract.ErrorName.nameHasNoOwner {
        return .failure("orientd is not running on the \(bus) bus (\(Service.busName) has no owner)")
    }
    return .failure("\(error.name): \(error.message)")
}

struct Get {
    static let spec = CommandSpec(name: "get", abstract: "Print the current orientation, or the gravity vector.", members: [
        CommonMembers.bus, CommonMembers.json,
        .option(OptionSpec(name: "gravity", help: "Print the gravity vector (ReadGravity) as x y z in m/s² instead.")),
    ])
    let options: BusOptions
    let gravity: Bool

    init(_ parsed: ParsedArguments) {
        options = BusOptions(parsed)
        gravity = parsed.flag("gravity")
    }

    func run() throws(CommandError) {
        let bus = try options.connect()
        if gravity {
            let reply = try asking(options.bus) { () throws(BusError) in
                try bus.call(destination: Service.busName, path: Service.objectPath, interface: Service.interface,
                             member: Service.readGravityMethod)
            }
            let v = try attempt { () throws(CallError) in try [reply.readDouble(), reply.readDouble(), reply.readDouble()] }
            let text = v.map { fixed($0, digits: 4) }
            writeLine(options.json ? "{\"x\": \(text[0]), \"y\": \(text[1]), \"z\": \(text[2])}" : text.joined(separator: " "))
            return
        }
        let value = try asking(options.bus) { () throws(BusError) in
            try bus.getStringProperty(destination: Service.busName, path: Service.objectPath,
                                      interface: Service.interface, name: Service.orientation)
        }
        writeLine(options.json ? "{\"Orientation\": \(jsonString(value))}" : value)
    }
}

struct Status {
    static let spec = CommandSpec(name: "status", abstract: "Print every property of the service.",
                                  members: [CommonMembers.bus, CommonMembers.json])
    let options: BusOptions

    init(_ parsed: ParsedArguments) { options = BusOptions(parsed) }

    func run() throws(CommandError) {
        let bus = try options.connect()
        var fields: [(String, String, String)] = []  // name, text, json
        do throws(BusError) {
            for name in Service.stringProperties {
                let v = try bus.getStringProperty(destination: Service.busName, path: Service.objectPath, interface: Service.interface, name: name)
                let text = name == Service.screenOrientationLock && v.isEmpty ? "none" : v
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
            writeLine("{" + fields.map { "\(jsonString($0.0)): \($0.2)" }.joined(separator: ", ") + "}")
        } else {
            for (name, text, _) in fields { writeLine("\(name): \(text)") }
        }
    }
}
