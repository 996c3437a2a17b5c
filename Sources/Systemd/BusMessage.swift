import CallError
import CSystemd
import CLibc

/// One D-Bus message, with a reference of its own so it can outlive the callback it
/// arrived in (a method call answered later).
public final class BusMessage {
    public let handle: OpaquePointer

    init(adopting handle: OpaquePointer) { self.handle = handle }

    init(borrowing handle: OpaquePointer) {
        self.handle = handle
        sd_bus_message_ref(handle)
    }

    deinit { sd_bus_message_unref(handle) }

    public var sender: String? { sd_bus_message_get_sender(handle).map { String(cString: $0) } }
    public var member: String? { sd_bus_message_get_member(handle).map { String(cString: $0) } }
    public var signature: String {
        sd_bus_message_get_signature(handle, 1).map { String(cString: $0) } ?? ""
    }

    /// The effective uid of the sender, asked of the bus (dbus-daemon does not attach
    /// credentials to messages): one round trip to the bus itself.
    public func senderUID() throws(CallError) -> UInt32 {
        try senderCredential(UInt64(SD_BUS_CREDS_EUID), "uid", sd_bus_creds_get_euid)
    }

    /// The pid of the sender, asked of the bus like `senderUID()` (for logs).
    public func senderPID() throws(CallError) -> Int32 {
        try senderCredential(UInt64(SD_BUS_CREDS_PID), "pid", sd_bus_creds_get_pid)
    }

    /// One credential of the sender (`mask`: which), read from what the bus answers with `get`.
    private func senderCredential<T: BinaryInteger>(_ mask: UInt64, _ what: String,
                                                    _ get: (OpaquePointer?, UnsafeMutablePointer<T>?) -> Int32) throws(CallError) -> T {
        var creds: OpaquePointer?
        try check(sd_bus_query_sender_creds(handle, mask, &creds), "ask the bus for the caller's \(what)")
        defer { sd_bus_creds_unref(creds) }
        var value: T = 0
        try check(get(creds, &value), "caller's \(what)")
        return value
    }

    public func replyString(_ value: String) throws(CallError) {
        try check(orientd_reply_string(handle, value), "reply to \(member ?? "call")")
    }

    /// Replies with three doubles (signature `ddd`).
    public func replyDoubles(_ x: Double, _ y: Double, _ z: Double) throws(CallError) {
        try check(orientd_reply_ddd(handle, x, y, z), "reply to \(member ?? "call")")
    }

    public func replyEmpty() throws(CallError) {
        try check(orientd_reply_empty(handle), "reply to \(member ?? "call")")
    }

    /// Reads the next argument as a string (types s, o, g).
    public func readString() throws(CallError) -> String {
        var value: UnsafePointer<CChar>?
        let type = CChar(UInt8(ascii: "s"))
        try check(sd_bus_message_read_basic(handle, type, &value), "read string argument")
        return value.map { String(cString: $0) } ?? ""
    }

    /// Reads the next argument as a double (type d).
    public func readDouble() throws(CallError) -> Double {
        var value: Double = 0
        try check(sd_bus_message_read_basic(handle, CChar(UInt8(ascii: "d")), &value), "read double argument")
        return value
    }

    /// Reads the next argument as a Unix file descriptor, duplicated: the caller owns it.
    public func readFileDescriptor() throws(CallError) -> Int32 {
        var fd: Int32 = -1
        try check(sd_bus_message_read_basic(handle, CChar(UInt8(ascii: "h")), &fd), "read file descriptor argument")
        let copy = orientd_dup_cloexec(fd)
        guard copy >= 0 else { throw CallError(call: "duplicate file descriptor", errno: orientd_errno()) }
        return copy
    }

    /// Reads the next argument as a boolean.
    public func readBool() throws(CallError) -> Bool {
        var value: Int32 = 0
        try check(sd_bus_message_read_basic(handle, CChar(UInt8(ascii: "b")), &value), "read boolean argument")
        return value != 0
    }

    /// Reads all arguments of a message whose arguments are all strings.
    public func readStrings() throws(CallError) -> [String] {
        var out: [String] = []
        for _ in signature { out.append(try readString()) }
        return out
    }
}
