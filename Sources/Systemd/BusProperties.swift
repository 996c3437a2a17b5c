import CallError
import CSystemd
import CLibc

// Reading another service's boolean property and following its changes (logind's LidClosed),
// without blocking the loop: an asynchronous Properties.Get and the PropertiesChanged reader.

extension Bus {
    /// Asks `destination` for a boolean property without blocking; `reply` runs on the loop
    /// with the value or the error, unless the returned call is released first.
    public func getBoolPropertyAsync(destination: String, path: String, interface: String, name: String,
                                     reply: @escaping (Result<Bool, BusError>) -> Void) throws(CallError) -> BusPendingCall {
        try callAsync(destination: destination, path: path, interface: StandardInterface.properties, member: "Get",
                      arguments: [interface, name], reply: BusPendingCall.decoding({ message throws(CallError) in try message.readVariantBool() }, reply))
    }
}

extension BusMessage {
    /// Reads the next argument as a variant holding a boolean (a Properties.Get reply).
    public func readVariantBool() throws(CallError) -> Bool {
        try check(sd_bus_message_enter_container(handle, CChar(UInt8(ascii: "v")), "b"), "enter variant (b)")
        let value = try readBool()
        try check(sd_bus_message_exit_container(handle), "leave variant")
        return value
    }

    /// A PropertiesChanged signal (`sa{sv}as`): its interface, the new value of the boolean
    /// property `name` if it is among the changed ones, and whether it is among the
    /// invalidated ones (the value must then be asked for).
    public func readPropertiesChanged(bool name: String) throws(CallError) -> (interface: String, value: Bool?, invalidated: Bool) {
        let interface = try readString()
        var value: Bool?
        try check(sd_bus_message_enter_container(handle, CChar(UInt8(ascii: "a")), "{sv}"), "enter changed properties")
        while true {
            let entered = sd_bus_message_enter_container(handle, CChar(UInt8(ascii: "e")), "sv")
            try check(entered, "enter changed property")
            if entered == 0 { break }
            let key = try readString()
            if key == name {
                do {
                    value = try readVariantBool()
                } catch {
                    try check(sd_bus_message_skip(handle, "v"), "skip property value")
                }
            } else {
                try check(sd_bus_message_skip(handle, "v"), "skip property value")
            }
            try check(sd_bus_message_exit_container(handle), "leave changed property")
        }
        try check(sd_bus_message_exit_container(handle), "leave changed properties")
        var invalidated = false
        try check(sd_bus_message_enter_container(handle, CChar(UInt8(ascii: "a")), "s"), "enter invalidated properties")
        while true {
            var text: UnsafePointer<CChar>?
            let r = sd_bus_message_read_basic(handle, CChar(UInt8(ascii: "s")), &text)
            try check(r, "read invalidated property")
            if r == 0 { break }
            if let text, String(cString: text) == name { invalidated = true }
        }
        try check(sd_bus_message_exit_container(handle), "leave invalidated properties")
        return (interface, value, invalidated)
    }
}
