import CallError
import CSystemd
import CLibc

/// A device as udev sees it (sd-device): sysfs attributes and udev properties. Attribute
/// values are cached by sd-device, so a fresh read needs a fresh `Device`.
public final class Device {
    let handle: OpaquePointer

    init(adopting handle: OpaquePointer) { self.handle = handle }

    init(borrowing handle: OpaquePointer) {
        self.handle = handle
        sd_device_ref(handle)
    }

    deinit { sd_device_unref(handle) }

    public var syspath: String { string(sd_device_get_syspath) ?? "" }
    public var sysname: String { string(sd_device_get_sysname) ?? "" }
    public var devnode: String? { string(sd_device_get_devname) }

    /// A udev property, such as ACCEL_MOUNT_MATRIX; nil when not set.
    public func property(_ key: String) -> String? {
        var value: UnsafePointer<CChar>?
        guard sd_device_get_property_value(handle, key, &value) >= 0, let value else { return nil }
        return String(cString: value)
    }

    /// A sysfs attribute with its trailing newline removed; nil when it does not exist or
    /// cannot be read.
    public func attribute(_ name: String) -> String? {
        var value: UnsafePointer<CChar>?
        guard sd_device_get_sysattr_value(handle, name, &value) >= 0, let value else { return nil }
        var text = String(cString: value)
        while text.utf8.last == 0x0a { text.removeLast() }
        return text
    }

    /// Writes a sysfs attribute: the value and a newline, as `echo` would (the kernel strips
    /// it; an empty value detaches a trigger). Opened with O_TRUNC so that a file standing in
    /// for sysfs (a test's fake device) holds just the new value.
    public func setAttribute(_ name: String, _ value: String) throws(CallError) {
        let path = syspath + "/" + name
        let fd = orientd_open(path, O_WRONLY | O_TRUNC | O_CLOEXEC, 0)
        guard fd >= 0 else { throw CallError(call: "open \(path)", errno: orientd_errno()) }
        defer { close(fd) }
        let line = value + "\n"
        let written = line.withCString { CLibc.write(fd, $0, strlen($0)) }
        guard written >= 0 else { throw CallError(call: "write \(path)", errno: orientd_errno()) }
    }

    private func string(_ get: (OpaquePointer?, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32) -> String? {
        var value: UnsafePointer<CChar>?
        guard get(handle, &value) >= 0, let value else { return nil }
        return String(cString: value)
    }

    /// Every device of a subsystem, as udev knows it now; none (the failure logged) when udev
    /// cannot be asked.
    public static func list(subsystem: String) -> [Device] {
        do {
            return try enumerate(subsystem: subsystem)
        } catch {
            Log.error("cannot enumerate \(subsystem) devices: \(error)")
            return []
        }
    }

    /// Every device of a subsystem, as udev knows it now.
    public static func enumerate(subsystem: String) throws(CallError) -> [Device] {
        var enumerator: OpaquePointer?
        try check(sd_device_enumerator_new(&enumerator), "sd_device_enumerator_new")
        defer { sd_device_enumerator_unref(enumerator) }
        try check(sd_device_enumerator_add_match_subsystem(enumerator, subsystem, 1), "match subsystem \(subsystem)")
        // Devices with a device node count as initialized only once udev wrote its database
        // entry; list them anyway: a later "change" event brings the udev properties.
        try check(sd_device_enumerator_allow_uninitialized(enumerator), "sd_device_enumerator_allow_uninitialized")
        return collect(first: { sd_device_enumerator_get_device_first(enumerator) },
                       next: { sd_device_enumerator_get_device_next(enumerator) }).map { Device(borrowing: $0) }
    }
}

/// What a C library's first/next iteration yields, in order.
func collect<T>(first: () -> T?, next: () -> T?) -> [T] {
    var items: [T] = []
    var item = first()
    while let current = item {
        items.append(current)
        item = next()
    }
    return items
}

/// Udev events (add, remove, change, …) of one subsystem, dispatched on the event loop.
public final class DeviceMonitor {
    private var monitor: OpaquePointer?
    private let handler: (_ action: String, _ device: Device) -> Void

    public convenience init(loop: EventLoop, subsystem: String, _ handler: @escaping (_ action: String, _ device: Device) -> Void) throws(CallError) {
        try self.init(event: loop.handle, subsystem: subsystem, handler)
    }

    /// On the sd-event loop `event` (the monitor holds a reference to it).
    init(event: OpaquePointer, subsystem: String, _ handler: @escaping (_ action: String, _ device: Device) -> Void) throws(CallError) {
        self.handler = handler
        var raw: OpaquePointer?
        try check(sd_device_monitor_new(&raw), "sd_device_monitor_new")
        monitor = raw
        try check(sd_device_monitor_filter_add_match_subsystem_devtype(raw, subsystem, nil), "monitor subsystem \(subsystem)")
        try check(sd_device_monitor_attach_event(raw, event), "attach device monitor")
        try check(sd_device_monitor_start(raw, { _, device, userdata in
            let monitor = Unmanaged<DeviceMonitor>.fromOpaque(userdata!).takeUnretainedValue()
            guard let device else { return 0 }
            let wrapped = Device(borrowing: device)
            monitor.handler(wrapped.property("ACTION") ?? "", wrapped)
            return 0
        }, Unmanaged.passUnretained(self).toOpaque()), "start device monitor")
    }

    deinit { sd_device_monitor_unref(monitor) }
}

extension DeviceMonitor: Cancellable {
    /// Stops receiving events now (releasing the monitor does too).
    public func cancel() {
        _ = sd_device_monitor_stop(monitor)
    }
}
