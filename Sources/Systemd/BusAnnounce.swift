import CallError
import CSystemd

/// The standard interface every object has (the D-Bus specification's names: the daemon's
/// `Contract.DBus` holds the same for its callers).
enum StandardInterface {
    static let properties = "org.freedesktop.DBus.Properties"
    static let propertiesChanged = "PropertiesChanged"
}

extension Bus {
    /// Announces changed properties: PropertiesChanged carrying the values the caller has
    /// (nothing is read back through the getters). A failure is logged, never thrown: a
    /// property change must not stop the daemon, and the next change is announced again.
    public func announce(path: String, interface: String, _ changes: [(name: String, value: BusValue)]) {
        do {
            try emitPropertiesChanged(path: path, interface: interface, changes: changes)
        } catch {
            Log.warning("cannot emit PropertiesChanged on \(interface): \(error), ignoring")
        }
    }

    /// Announces changed properties to `destinations` only (unique names), one unicast
    /// signal each: the bus wakes no other client. Nothing is sent when the list is empty.
    /// Failures are logged per destination, never thrown (a caller that just left is normal).
    public func announce(path: String, interface: String, _ changes: [(name: String, value: BusValue)], to destinations: [String]) {
        for destination in destinations {
            do {
                try emitPropertiesChanged(path: path, interface: interface, changes: changes, destination: destination)
            } catch {
                Log.debug("cannot send PropertiesChanged on \(interface) to \(destination): \(error), ignoring")
            }
        }
    }

    /// org.freedesktop.DBus.Properties.PropertiesChanged (`sa{sv}as`) with `changes` as its
    /// values and no invalidated names; broadcast, or to `destination` alone (a signal's
    /// destination must be set before it is sealed, so each destination gets its own message).
    public func emitPropertiesChanged(path: String, interface: String, changes: [(name: String, value: BusValue)],
                                      destination: String? = nil) throws(CallError) {
        guard !changes.isEmpty else { return }
        var message: OpaquePointer?
        try check(sd_bus_message_new_signal(handle, &message, path, StandardInterface.properties, StandardInterface.propertiesChanged),
                  "PropertiesChanged on \(interface)")
        defer { sd_bus_message_unref(message) }
        if let destination {
            try check(sd_bus_message_set_destination(message, destination), "set the destination \(destination)")
        }
        let s = CChar(UInt8(ascii: "s"))
        try check(interface.withCString { sd_bus_message_append_basic(message, s, $0) }, "append interface")
        try check(sd_bus_message_open_container(message, CChar(UInt8(ascii: "a")), "{sv}"), "open a{sv}")
        for (name, value) in changes {
            try check(sd_bus_message_open_container(message, CChar(UInt8(ascii: "e")), "sv"), "open {sv}")
            try check(name.withCString { sd_bus_message_append_basic(message, s, $0) }, "append \(name)")
            try check(sd_bus_message_open_container(message, CChar(UInt8(ascii: "v")), value.signature), "open variant")
            try check(value.append(to: message), "append \(name)'s value")
            try check(sd_bus_message_close_container(message), "close variant")
            try check(sd_bus_message_close_container(message), "close {sv}")
        }
        try check(sd_bus_message_close_container(message), "close a{sv}")
        try check(sd_bus_message_open_container(message, CChar(UInt8(ascii: "a")), "s"), "open as")
        try check(sd_bus_message_close_container(message), "close as")
        try check(sd_bus_send(handle, message, nil), "emit PropertiesChanged")
    }
}
