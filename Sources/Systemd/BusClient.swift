import CallError
import CSystemd
import CLibc

// What a client of another service needs beyond the daemon's own calls (Sources/OrientdClient):
// asynchronous calls with string arguments, a whole interface's properties (GetAll) and
// PropertiesChanged of any of the four value types, all without blocking the caller's loop.

extension Bus {
    /// Calls `member` with string `arguments` without blocking; `reply` runs on the loop with
    /// the reply or the error, unless the returned call is released first. `timeoutUs` 0 is
    /// sd-bus's default (25 s).
    public func callAsync(destination: String, path: String, interface: String, member: String,
                          arguments: [String] = [], timeoutUs: UInt64 = 0,
                          reply: @escaping (Result<BusMessage, BusError>) -> Void) throws(CallError) -> BusPendingCall {
        var message: OpaquePointer?
        try check(sd_bus_message_new_method_call(handle, &message, destination, path, interface, member),
                  "call \(member) on \(destination)")
        defer { sd_bus_message_unref(message) }
        for argument in arguments {
            let r = argument.withCString { sd_bus_message_append_basic(message, CChar(UInt8(ascii: "s")), $0) }
            try check(r, "append \(member) argument")
        }
        let pending = BusPendingCall(reply: reply)
        var slot: OpaquePointer?
        try check(sd_bus_call_async(handle, &slot, message, BusPendingCall.handler,
                                    Unmanaged.passUnretained(pending).toOpaque(), timeoutUs), "call \(member) on \(destination)")
        pending.slot = slot
        return pending
    }

    /// Properties.GetAll of `interface` without blocking; values of other types than
    /// `s`, `b`, `d` and `as` are left out.
    public func getAllPropertiesAsync(destination: String, path: String, interface: String,
                                      reply: @escaping (Result<[String: BusValue], BusError>) -> Void) throws(CallError) -> BusPendingCall {
        try callAsync(destination: destination, path: path, interface: StandardInterface.properties, member: "GetAll",
                      arguments: [interface], reply: BusPendingCall.decoding({ message throws(CallError) in try message.readPropertyValues() }, reply))
    }

    /// The connection's socket, for a caller's own poll.
    public var fileDescriptor: Int32 { sd_bus_get_fd(handle) }

    /// Whether the connection is open and authenticated.
    public var isOpen: Bool { sd_bus_is_open(handle) > 0 }
}

extension BusPendingCall {
    /// A reply handler that reads the reply with `read`; a reply that does not read so is an
    /// `InvalidSignature` error, an error reply stays what it is.
    public static func decoding<Value>(_ read: @escaping (BusMessage) throws(CallError) -> Value,
                                       _ reply: @escaping (Result<Value, BusError>) -> Void) -> (Result<BusMessage, BusError>) -> Void {
        return { result in
            switch result {
            case .success(let message):
                do throws(CallError) {
                    reply(.success(try read(message)))
                } catch {
                    reply(.failure(BusError(name: SD_BUS_ERROR_INVALID_SIGNATURE, message: error.description)))
                }
            case .failure(let error):
                reply(.failure(error))
            }
        }
    }
}

extension BusMessage {
    /// An `a{sv}` argument: the values of type `s`, `b`, `d` and `as`, by name.
    public func readPropertyValues() throws(CallError) -> [String: BusValue] {
        var values: [String: BusValue] = [:]
        try check(sd_bus_message_enter_container(handle, CChar(UInt8(ascii: "a")), "{sv}"), "enter properties")
        while true {
            let entered = try check(sd_bus_message_enter_container(handle, CChar(UInt8(ascii: "e")), "sv"), "enter property")
            if entered == 0 { break }
            let key = try readString()
            if let value = try readVariant() { values[key] = value }
            try check(sd_bus_message_exit_container(handle), "leave property")
        }
        try check(sd_bus_message_exit_container(handle), "leave properties")
        return values
    }

    /// A PropertiesChanged signal (`sa{sv}as`): the interface, the changed values (as
    /// `readPropertyValues`) and the names of the invalidated ones.
    public func readPropertiesChangedValues() throws(CallError) -> (interface: String, changed: [String: BusValue], invalidated: [String]) {
        let interface = try readString()
        let changed = try readPropertyValues()
        let invalidated = try readStringArray()
        return (interface, changed, invalidated)
    }

    /// An `as` argument.
    public func readStringArray() throws(CallError) -> [String] {
        var out: [String] = []
        try check(sd_bus_message_enter_container(handle, CChar(UInt8(ascii: "a")), "s"), "enter string array")
        while true {
            var text: UnsafePointer<CChar>?
            let r = try check(sd_bus_message_read_basic(handle, CChar(UInt8(ascii: "s")), &text), "read string array element")
            if r == 0 { break }
            out.append(text.map { String(cString: $0) } ?? "")
        }
        try check(sd_bus_message_exit_container(handle), "leave string array")
        return out
    }

    /// A variant of type `s`, `b`, `d` or `as`; any other is skipped and gives nil.
    public func readVariant() throws(CallError) -> BusValue? {
        var type: CChar = 0
        var contents: UnsafePointer<CChar>?
        try check(sd_bus_message_peek_type(handle, &type, &contents), "peek variant")
        let signature = contents.map { String(cString: $0) } ?? ""
        guard ["s", "b", "d", "as"].contains(signature) else {
            try check(sd_bus_message_skip(handle, "v"), "skip variant")
            return nil
        }
        try check(sd_bus_message_enter_container(handle, CChar(UInt8(ascii: "v")), signature), "enter variant")
        let value: BusValue
        switch signature {
        case "s": value = .string(try readString())
        case "b": value = .bool(try readBool())
        case "d": value = .double(try readDouble())
        default: value = .strings(try readStringArray())
        }
        try check(sd_bus_message_exit_container(handle), "leave variant")
        return value
    }
}
