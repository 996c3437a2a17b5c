import CallError
import CSystemd

/// Which bus to connect to.
public enum BusAddress: Equatable, Sendable {
    case system
    case session
    /// A D-Bus address such as `unix:path=/run/dbus/system_bus_socket`.
    case address(String)

    /// `system`, `session`, or an address.
    public init(_ text: String) {
        switch text {
        case "system": self = .system
        case "session", "user": self = .session
        default: self = .address(text)
        }
    }
}

/// An error reply: a D-Bus error name and a human message.
public struct BusError: Error, Equatable, CustomStringConvertible {
    public let name: String
    public let message: String

    public init(name: String, message: String) {
        (self.name, self.message) = (name, message)
    }

    public var description: String { "\(name): \(message)" }
}

/// A connection to a bus (sd-bus).
public final class Bus {
    public let handle: OpaquePointer

    public init(_ address: BusAddress, description: String) throws(CallError) {
        var bus: OpaquePointer?
        switch address {
        case .system:
            try check(sd_bus_open_system_with_description(&bus, description), "connect to the system bus")
        case .session:
            try check(sd_bus_open_user_with_description(&bus, description), "connect to the session bus")
        case .address(let text):
            try check(sd_bus_new(&bus), "sd_bus_new")
            do {
                try check(sd_bus_set_address(bus, text), "bus address \(text)")
                try check(sd_bus_set_bus_client(bus, 1), "sd_bus_set_bus_client")
                try check(sd_bus_set_description(bus, description), "sd_bus_set_description")
                try check(sd_bus_start(bus), "connect to \(text)")
            } catch {
                sd_bus_unref(bus)
                throw error
            }
        }
        handle = bus!
    }

    /// Queued messages are flushed first, unless the bus never answered: sd-bus would wait for
    /// its authentication (90 s) before it could write them.
    deinit {
        if sd_bus_is_ready(handle) > 0 {
            sd_bus_flush_close_unref(handle)
        } else {
            sd_bus_close(handle)
            sd_bus_unref(handle)
        }
    }

    public func attach(to loop: EventLoop) throws(CallError) {
        try check(sd_bus_attach_event(handle, loop.handle, 0), "sd_bus_attach_event")
    }

    /// When the bus goes away, end the attached event loop with a failure exit code: a
    /// system service is restarted by its manager with a fresh connection.
    public func exitLoopOnDisconnect() throws(CallError) {
        try check(sd_bus_set_exit_on_disconnect(handle, 1), "sd_bus_set_exit_on_disconnect")
    }

    /// Answers method calls on any path but `paths` and their parents with UnknownObject
    /// before sd-bus does any work on them (see `orientd_add_path_filter`). The filter stays
    /// while the returned value is alive.
    public func acceptCalls(onlyOn paths: [String]) throws(CallError) -> BusPathFilter {
        var allowed: [String] = ["/"]
        for path in paths {
            var prefix = ""
            for component in path.utf8.split(separator: 0x2f) {  // "/"
                prefix += "/" + String(decoding: component, as: UTF8.self)
                if !allowed.contains(prefix) { allowed.append(prefix) }
            }
        }
        let filter = BusPathFilter(allowed)
        var slot: OpaquePointer?
        try check(orientd_add_path_filter(handle, &slot, filter.list), "add the object path filter")
        filter.slot = slot
        return filter
    }

    /// How long the connection's own blocking calls (Hello, RequestName, a caller's uid) wait
    /// for the bus.
    public func setCallTimeout(us: UInt64) throws(CallError) {
        try check(sd_bus_set_method_call_timeout(handle, us), "sd_bus_set_method_call_timeout")
    }

    /// Takes a well-known name; fails if another connection owns it.
    public func requestName(_ name: String) throws(CallError) {
        try check(sd_bus_request_name(handle, name, 0), "acquire bus name \(name)")
    }

    /// Exports `members` as `interface` at `path`. The object stays on the bus while the
    /// returned export is alive.
    public func export(path: String, interface: String, members: [BusMember]) throws(CallError) -> BusObjectExport {
        try BusObjectExport(bus: self, path: path, interface: interface, members: members)
    }

    /// Emits a signal with two string arguments.
    public func emitSignal(path: String, interface: String, member: String, _ first: String, _ second: String) throws(CallError) {
        try check(orientd_emit_signal_ss(handle, path, interface, member, first, second), "emit \(member)")
    }

    // MARK: Client calls (blocking, for orientctl and tests)

    /// Calls a method without arguments and returns the reply.
    public func call(destination: String, path: String, interface: String, member: String) throws(BusError) -> BusMessage {
        var error = sd_bus_error()
        var reply: OpaquePointer?
        defer { sd_bus_error_free(&error) }
        let r = orientd_call_no_args(handle, destination, path, interface, member, &error, &reply)
        guard r >= 0, let reply else { throw BusError(from: error, errno: -r) }
        return BusMessage(adopting: reply)
    }

    /// Calls a method with one string argument and returns the reply.
    public func call(destination: String, path: String, interface: String, member: String, _ argument: String) throws(BusError) -> BusMessage {
        var error = sd_bus_error()
        var reply: OpaquePointer?
        defer { sd_bus_error_free(&error) }
        let r = orientd_call_string(handle, destination, path, interface, member, &error, &reply, argument)
        guard r >= 0, let reply else { throw BusError(from: error, errno: -r) }
        return BusMessage(adopting: reply)
    }

    public func getStringArrayProperty(destination: String, path: String, interface: String, name: String) throws(BusError) -> [String] {
        var error = sd_bus_error()
        var values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        defer { sd_bus_error_free(&error) }
        let r = sd_bus_get_property_strv(handle, destination, path, interface, name, &error, &values)
        guard r >= 0, let values else { throw BusError(from: error, errno: -r) }
        defer {
            var i = 0
            while let s = values[i] { free(s); i += 1 }
            free(values)
        }
        var out: [String] = []
        var i = 0
        while let s = values[i] { out.append(String(cString: s)); i += 1 }
        return out
    }

    public func getStringProperty(destination: String, path: String, interface: String, name: String) throws(BusError) -> String {
        var error = sd_bus_error()
        var value: UnsafeMutablePointer<CChar>?
        defer { sd_bus_error_free(&error) }
        let r = sd_bus_get_property_string(handle, destination, path, interface, name, &error, &value)
        guard r >= 0, let value else { throw BusError(from: error, errno: -r) }
        defer { free(value) }
        return String(cString: value)
    }

    public func getBoolProperty(destination: String, path: String, interface: String, name: String) throws(BusError) -> Bool {
        var error = sd_bus_error()
        var value: Int32 = 0
        defer { sd_bus_error_free(&error) }
        let r = sd_bus_get_property_trivial(handle, destination, path, interface, name, &error, CChar(UInt8(ascii: "b")), &value)
        guard r >= 0 else { throw BusError(from: error, errno: -r) }
        return value != 0
    }

    /// Dispatches incoming messages (match callbacks) for up to `timeoutUs`, for clients
    /// without an event loop.
    public func pump(forUs timeoutUs: UInt64) {
        let start = monotonicUs()
        while true {
            while sd_bus_process(handle, nil) > 0 {}
            let now = monotonicUs()
            guard now - start < timeoutUs else { return }
            if sd_bus_wait(handle, timeoutUs - (now - start)) < 0 { return }
        }
    }

    /// Calls a method with four string arguments without blocking; `reply` runs on the loop
    /// with the reply or the error, unless the returned call is released first.
    public func callAsync(destination: String, path: String, interface: String, member: String,
                          _ a: String, _ b: String, _ c: String, _ d: String,
                          reply: @escaping (Result<BusMessage, BusError>) -> Void) throws(CallError) -> BusPendingCall {
        let pending = BusPendingCall(reply: reply)
        var slot: OpaquePointer?
        try check(orientd_call_async_ssss(handle, &slot, destination, path, interface, member, BusPendingCall.handler, Unmanaged.passUnretained(pending).toOpaque(), a, b, c, d), "call \(member) on \(destination)")
        pending.slot = slot
        return pending
    }

    /// Calls `handler` for every message matching `rule` while the slot is alive.
    public func addMatch(_ rule: String, _ handler: @escaping (BusMessage) -> Void) throws(CallError) -> BusMatch {
        let match = BusMatch(handler: handler)
        var slot: OpaquePointer?
        try check(sd_bus_add_match(handle, &slot, rule, { message, userdata, _ in
            let match = Unmanaged<BusMatch>.fromOpaque(userdata!).takeUnretainedValue()
            if let message { match.handler(BusMessage(borrowing: message)) }
            return 0
        }, Unmanaged.passUnretained(match).toOpaque()), "add match \(rule)")
        match.slot = slot
        return match
    }
}

extension BusError {
    init(from error: sd_bus_error, errno: Int32) {
        if sd_bus_error_is_set([error]) != 0, let name = error.name {
            self.init(name: String(cString: name), message: error.message.map { String(cString: $0) } ?? "")
        } else {
            self.init(name: "System.Error", message: String(cString: strerror(errno)))
        }
    }
}

/// A match rule registration; removed when released.
public final class BusMatch {
    let handler: (BusMessage) -> Void
    var slot: OpaquePointer?

    init(handler: @escaping (BusMessage) -> Void) { self.handler = handler }

    deinit { sd_bus_slot_unref(slot) }
}

/// The paths a `Bus.acceptCalls(onlyOn:)` filter lets through, kept alive with its slot.
public final class BusPathFilter {
    fileprivate var slot: OpaquePointer?
    fileprivate let list: UnsafeMutablePointer<UnsafePointer<CChar>?>
    private let count: Int

    fileprivate init(_ paths: [String]) {
        count = paths.count
        list = .allocate(capacity: count + 1)
        for (index, path) in paths.enumerated() { list[index] = UnsafePointer(strdup(path)) }
        list[count] = nil
    }

    /// The slot goes first: sd-bus reads the list until it is unreferenced.
    deinit {
        sd_bus_slot_unref(slot)
        for index in 0..<count { free(UnsafeMutableRawPointer(mutating: list[index])) }
        list.deallocate()
    }
}

/// A method call whose reply has not come yet; releasing it drops the reply.
public final class BusPendingCall {
    let reply: (Result<BusMessage, BusError>) -> Void
    var slot: OpaquePointer?

    init(reply: @escaping (Result<BusMessage, BusError>) -> Void) { self.reply = reply }

    deinit { sd_bus_slot_unref(slot) }

    /// The sd-bus reply handler of every asynchronous call: `userdata` is the pending call;
    /// an error (a timeout, the peer gone, a method error) or the reply goes to `reply`.
    static let handler: sd_bus_message_handler_t = { message, userdata, error in
        let pending = Unmanaged<BusPendingCall>.fromOpaque(userdata!).takeUnretainedValue()
        withExtendedLifetime(pending) {
            if let error, sd_bus_error_is_set(error) != 0 {
                pending.reply(.failure(BusError(from: error.pointee, errno: 0)))
            } else if let message, sd_bus_message_is_method_error(message, nil) != 0, let error = sd_bus_message_get_error(message) {
                pending.reply(.failure(BusError(from: error.pointee, errno: 0)))
            } else if let message {
                pending.reply(.success(BusMessage(borrowing: message)))
            }
        }
        return 0
    }
}
