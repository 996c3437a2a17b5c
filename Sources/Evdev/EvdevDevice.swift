import CallError
import CEvdev
import CLibc

/// One axis of an evdev device, as `struct input_absinfo` gives it.
public struct AbsoluteAxis: Equatable, Sendable {
    public var value: Int32
    public var minimum: Int32
    public var maximum: Int32
    public var fuzz: Int32
    public var resolution: Int32
}

/// libevdev's entry points, valid while an `EvdevDevice` exists: the first device loads the
/// library, the last one to go unloads it (CEvdev.h says why).
private var evdev: orientd_evdev_api { orientd_library_table(orientd_libevdev()).assumingMemoryBound(to: orientd_evdev_api.self).pointee }

/// Tests: a table of fake entry points that stands in for libevdev while set (nil puts
/// libevdev back), as `IIOTable` does for libiio.
public enum EvdevTable {
    public static func replace(with table: UnsafePointer<orientd_evdev_api>?) {
        orientd_libevdev().pointee.replacement = UnsafeRawPointer(table)
    }
}

/// An open evdev node (`/dev/input/eventN`) read through libevdev: its capabilities, and the
/// axis state that the events it sends keep current. Opened non-blocking; closed in `deinit`.
public final class EvdevDevice {
    public static let absX = UInt32(ABS_X), absY = UInt32(ABS_Y), absZ = UInt32(ABS_Z)
    /// The switch a proximity sensor that is an input device reports (1: something is near
    /// the front of the device), per the kernel's input-event-codes.h.
    public static let frontProximitySwitch = UInt32(SW_FRONT_PROXIMITY)

    private let handle: OpaquePointer
    public let fd: Int32
    public let path: String

    public init(path: String) throws(CallError) {
        self.path = path
        if let reason = orientd_library_load(orientd_libevdev(), nil) {
            throw CallError(call: "load libevdev (\(String(cString: reason)))", errno: ELIBACC)
        }
        let fd = orientd_open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0)
        guard fd >= 0 else {
            let error = orientd_errno()
            _ = orientd_library_release(orientd_libevdev())
            throw CallError(call: "open \(path)", errno: error)
        }
        var device: OpaquePointer?
        let rc = evdev.new_from_fd!(fd, &device)
        guard rc >= 0, let device else {
            close(fd)
            _ = orientd_library_release(orientd_libevdev())
            throw CallError(call: "libevdev_new_from_fd \(path)", errno: -rc)
        }
        self.fd = fd
        handle = device
    }

    deinit {
        evdev.free!(handle)
        close(fd)
        _ = orientd_library_release(orientd_libevdev())
    }

    public var name: String { evdev.get_name!(handle).map { String(cString: $0) } ?? "" }

    /// INPUT_PROP_ACCELEROMETER: the kernel's input.h defines the resolution of ABS_X/Y/Z of
    /// such a device in units per g.
    public var isAccelerometer: Bool { evdev.has_property!(handle, UInt32(INPUT_PROP_ACCELEROMETER)) == 1 }

    public func axis(_ code: UInt32) -> AbsoluteAxis? {
        guard evdev.has_event_code!(handle, UInt32(EV_ABS), code) == 1,
              let info = evdev.get_abs_info!(handle, code) else { return nil }
        return AbsoluteAxis(value: info.pointee.value, minimum: info.pointee.minimum, maximum: info.pointee.maximum,
                            fuzz: info.pointee.fuzz, resolution: info.pointee.resolution)
    }

    /// Whether the device has the switch `code` (EV_SW).
    public func hasSwitch(_ code: UInt32) -> Bool { evdev.has_event_code!(handle, UInt32(EV_SW), code) == 1 }

    /// The state libevdev holds for a switch: the kernel's (EVIOCGSW) at open or at the last
    /// sync, updated by every event read since.
    public func switchState(_ code: UInt32) -> Bool { evdev.get_event_value!(handle, UInt32(EV_SW), code) != 0 }

    /// The value libevdev holds for an axis: the kernel's at open or at the last sync, updated
    /// by every event read since.
    public func value(_ code: UInt32) -> Int32 { evdev.get_event_value!(handle, UInt32(EV_ABS), code) }

    /// What one drain of the node found.
    public struct Drained: Equatable {
        /// Events the device sent (EV_ABS on X/Y/Z), not counting a sync's.
        public var axisEvents = 0
        /// SYN_REPORT frames completed.
        public var frames = 0
        /// The kernel's buffer overflowed (SYN_DROPPED): libevdev re-read the state.
        public var resynced = false
    }

    /// Reads every pending event; the axis values are then current. Throws on a read error
    /// (ENODEV: unplugged).
    public func drain() throws(CallError) -> Drained {
        var result = Drained()
        var event = input_event()
        var flags = UInt32(LIBEVDEV_READ_FLAG_NORMAL.rawValue)
        while true {
            let rc = evdev.next_event!(handle, flags, &event)
            if rc == -EAGAIN {
                if flags == UInt32(LIBEVDEV_READ_FLAG_SYNC.rawValue) {
                    flags = UInt32(LIBEVDEV_READ_FLAG_NORMAL.rawValue)
                    continue
                }
                return result
            }
            if rc < 0 { throw CallError(call: "libevdev_next_event \(path)", errno: -rc) }
            if rc == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue) {
                // SYN_DROPPED, or the sync's own events: read them in sync mode to the end.
                result.resynced = true
                flags = UInt32(LIBEVDEV_READ_FLAG_SYNC.rawValue)
                continue
            }
            if event.type == UInt16(EV_ABS) && flags != UInt32(LIBEVDEV_READ_FLAG_SYNC.rawValue) { result.axisEvents += 1 }
            if event.type == UInt16(EV_SYN) && event.code == UInt16(SYN_REPORT) { result.frames += 1 }
        }
    }

    /// Reads the kernel's current state (libevdev's forced sync: EVIOCGABS for each axis), for
    /// a device that updates its axes without sending events; pending events are dropped.
    public func resync() throws(CallError) {
        var event = input_event()
        var rc = evdev.next_event!(handle, UInt32(LIBEVDEV_READ_FLAG_FORCE_SYNC.rawValue), &event)
        if rc == -EAGAIN { return }
        while rc >= 0 {
            rc = evdev.next_event!(handle, UInt32(LIBEVDEV_READ_FLAG_SYNC.rawValue), &event)
        }
        if rc != -EAGAIN { throw CallError(call: "libevdev sync \(path)", errno: -rc) }
    }
}
