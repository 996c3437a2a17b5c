import CallError
import CSystemd

/// A value a property getter returns.
public enum BusValue: Equatable {
    case string(String)
    case bool(Bool)
    case double(Double)
    /// Signature `as`.
    case strings([String])

    /// The D-Bus signature of the value.
    public var signature: String {
        switch self {
        case .string: return "s"
        case .bool: return "b"
        case .double: return "d"
        case .strings: return "as"
        }
    }

    /// Appends the value to `message`; an sd-bus return code.
    func append(to message: OpaquePointer?) -> Int32 {
        switch self {
        case .string(let value):
            return value.withCString { sd_bus_message_append_basic(message, CChar(UInt8(ascii: "s")), $0) }
        case .bool(let value):
            var flag: Int32 = value ? 1 : 0
            return sd_bus_message_append_basic(message, CChar(UInt8(ascii: "b")), &flag)
        case .double(var value):
            return sd_bus_message_append_basic(message, CChar(UInt8(ascii: "d")), &value)
        case .strings(let values):
            var r = sd_bus_message_open_container(message, CChar(UInt8(ascii: "a")), "s")
            guard r >= 0 else { return r }
            for value in values {
                r = value.withCString { sd_bus_message_append_basic(message, CChar(UInt8(ascii: "s")), $0) }
                guard r >= 0 else { return r }
            }
            return sd_bus_message_close_container(message)
        }
    }
}

/// One member of an exported interface.
public enum BusMember {
    /// A method. The handler replies (now, or later through the retained message) or throws
    /// a `BusError`, which becomes the error reply.
    case method(name: String, signature: String = "", result: String = "",
                inNames: [String] = [], outNames: [String] = [],
                handler: (BusMessage) throws(BusError) -> Void)
    /// A read-only property; `emitsChange` means PropertiesChanged carries its value.
    case property(name: String, signature: String, emitsChange: Bool, getter: () -> BusValue)
    case signal(name: String, signature: String, names: [String])
}

/// An interface exported on a bus: the sd-bus vtable, the strings it points to and the Swift
/// handlers. The slot is released before the vtable memory and handlers are freed.
public final class BusObjectExport {
    private var slot: OpaquePointer?
    private let vtable: UnsafeMutablePointer<sd_bus_vtable>
    private let vtableCount: Int
    private var strings: [UnsafeMutablePointer<CChar>] = []
    private var methods: [String: (BusMessage) throws(BusError) -> Void] = [:]
    private var getters: [String: () -> BusValue] = [:]

    init(bus: Bus, path: String, interface: String, members: [BusMember]) throws(CallError) {
        vtableCount = members.count + 2
        vtable = .allocate(capacity: vtableCount)
        var rows = [orientd_vtable_start(0)]
        for member in members {
            switch member {
            case let .method(name, signature, result, inNames, outNames, handler):
                methods[name] = handler
                rows.append(orientd_vtable_method(
                    keep(name), keep(signature), keep(result), keepNames(inNames + outNames),
                    { message, userdata, error in BusObjectExport.dispatchMethod(message, userdata, error) },
                    UInt64(SD_BUS_VTABLE_UNPRIVILEGED)))
            case let .property(name, signature, emitsChange, getter):
                getters[name] = getter
                let flags = emitsChange ? UInt64(SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE) : 0
                rows.append(orientd_vtable_property(
                    keep(name), keep(signature),
                    { _, _, _, property, reply, userdata, error in
                        BusObjectExport.dispatchGetter(property, reply, userdata, error)
                    }, flags))
            case let .signal(name, signature, names):
                rows.append(orientd_vtable_signal(keep(name), keep(signature), keepNames(names), 0))
            }
        }
        rows.append(orientd_vtable_end())
        vtable.initialize(from: rows, count: rows.count)

        var raw: OpaquePointer?
        let r = sd_bus_add_object_vtable(bus.handle, &raw, path, interface, vtable,
                                         Unmanaged.passUnretained(self).toOpaque())
        // On failure deinit still runs (every stored property is initialised) and frees the
        // table: freeing it here too would free it twice.
        guard r >= 0 else { throw CallError(call: "export \(interface) at \(path)", errno: -r) }
        slot = raw
    }

    /// The slot goes first: sd-bus may still call into the table until it is unreferenced.
    deinit {
        if let slot { sd_bus_slot_unref(slot) }
        vtable.deinitialize(count: vtableCount)
        vtable.deallocate()
        for s in strings { free(s) }
    }

    private func keep(_ s: String) -> UnsafeMutablePointer<CChar> {
        let copy = strdup(s)!
        strings.append(copy)
        return copy
    }

    /// NUL-separated argument names, as SD_BUS_PARAM() builds them.
    private func keepNames(_ names: [String]) -> UnsafeMutablePointer<CChar> {
        let bytes: [CChar] = names.flatMap { Array($0.utf8CString) } + [0]
        let copy = malloc(bytes.count)!.assumingMemoryBound(to: CChar.self)
        copy.initialize(from: bytes, count: bytes.count)
        strings.append(copy)
        return copy
    }

    private static func dispatchMethod(_ message: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?,
                                       _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
        let export = Unmanaged<BusObjectExport>.fromOpaque(userdata!).takeUnretainedValue()
        let call = BusMessage(borrowing: message!)
        guard let member = call.member, let handler = export.methods[member] else {
            return sd_bus_error_set(error, SD_BUS_ERROR_UNKNOWN_METHOD, "unknown method")
        }
        do {
            try handler(call)
            return 1
        } catch let failure {
            return sd_bus_error_set(error, failure.name, failure.message)
        }
    }

    private static func dispatchGetter(_ property: UnsafePointer<CChar>?, _ reply: OpaquePointer?,
                                       _ userdata: UnsafeMutableRawPointer?,
                                       _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
        let export = Unmanaged<BusObjectExport>.fromOpaque(userdata!).takeUnretainedValue()
        guard let property, let getter = export.getters[String(cString: property)] else {
            return sd_bus_error_set(error, SD_BUS_ERROR_UNKNOWN_PROPERTY, "unknown property")
        }
        return getter().append(to: reply)
    }
}
