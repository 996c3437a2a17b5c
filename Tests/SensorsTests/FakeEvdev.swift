import CEvdev
import Evdev
import Glibc
import Testing

/// Every suite that installs the fake libevdev: its state is global, so they run one test at
/// a time.
@Suite(.serialized) enum FakeEvdevSuites {}

/// A libevdev stand-in behind the `EvdevTable` seam, for one open device: the kernel's state
/// (what EVIOCGABS / EVIOCGSW answer), the state libevdev holds (updated by the events read),
/// and the events the device queued. C function pointers capture nothing, so the state is
/// global; suites that use it run serialized. The node opened is `/dev/null`: `fd` is its
/// descriptor, for `ManualTimers.ready(fd:)`.
enum FakeEvdev {
    static let node = "/dev/null"
    nonisolated(unsafe) static var fd: Int32 = -1
    nonisolated(unsafe) static var openDevices = 0
    nonisolated(unsafe) static var isAccelerometer = true
    nonisolated(unsafe) static var switches: Set<UInt32> = []
    /// By type << 16 | code.
    nonisolated(unsafe) static var kernel: [UInt32: Int32] = [:]
    nonisolated(unsafe) static var held: [UInt32: Int32] = [:]
    nonisolated(unsafe) static var queue: [input_event] = []
    /// The next read reports a dropped buffer (SYN_DROPPED), then the sync's state.
    nonisolated(unsafe) static var dropped = false
    /// Reads fail with this errno (ENODEV: unplugged).
    nonisolated(unsafe) static var readErrno: Int32?
    nonisolated(unsafe) private static var table: UnsafeMutablePointer<orientd_evdev_api>?
    nonisolated(unsafe) private static var token = 0
    nonisolated(unsafe) private static let absinfo: UnsafeMutablePointer<input_absinfo> = {
        let info = UnsafeMutablePointer<input_absinfo>.allocate(capacity: 3)
        info.initialize(repeating: input_absinfo(), count: 3)
        return info
    }()
    nonisolated(unsafe) private static let name = strdup("fake evdev")!

    static func key(_ type: Int32, _ code: UInt32) -> UInt32 { UInt32(type) << 16 | code }

    /// An accelerometer with ABS_X/Y/Z at `x`, `y`, `z` counts (`resolution` counts per g).
    static func installAccelerometer(_ x: Int32, _ y: Int32, _ z: Int32, resolution: Int32 = 256) {
        install()
        for (index, value) in [x, y, z].enumerated() {
            absinfo[index] = input_absinfo(value: value, minimum: -2048, maximum: 2047, fuzz: 0, flat: 0, resolution: resolution)
            kernel[key(EV_ABS, UInt32(index))] = value
        }
    }

    /// A device with the front proximity switch, near or not.
    static func installProximitySwitch(near: Bool) {
        install()
        isAccelerometer = false
        switches = [EvdevDevice.frontProximitySwitch]
        kernel[key(EV_SW, EvdevDevice.frontProximitySwitch)] = near ? 1 : 0
    }

    private static func install() {
        (fd, openDevices, isAccelerometer, switches, kernel, held, queue, dropped, readErrno) = (-1, 0, true, [], [:], [:], [], false, nil)
        for index in 0..<3 { absinfo[index] = input_absinfo() }
        if table == nil { table = makeTable() }
        EvdevTable.replace(with: UnsafePointer(table!))
    }

    static func uninstall() { EvdevTable.replace(with: nil) }

    /// The kernel's axis state changes without an event (a device that sends none).
    static func setAxes(_ x: Int32, _ y: Int32, _ z: Int32) {
        for (code, value) in [x, y, z].enumerated() { kernel[key(EV_ABS, UInt32(code))] = value }
    }

    /// The device sends one frame: the axes' events, then SYN_REPORT.
    static func sendFrame(_ x: Int32, _ y: Int32, _ z: Int32) {
        setAxes(x, y, z)
        for (code, value) in [x, y, z].enumerated() { queue.append(event(EV_ABS, UInt32(code), value)) }
        queue.append(event(EV_SYN, UInt32(SYN_REPORT), 0))
    }

    /// The switch changes: its event, then SYN_REPORT.
    static func sendSwitch(near: Bool) {
        let code = EvdevDevice.frontProximitySwitch
        kernel[key(EV_SW, code)] = near ? 1 : 0
        queue.append(event(EV_SW, code, near ? 1 : 0))
        queue.append(event(EV_SYN, UInt32(SYN_REPORT), 0))
    }

    private static func event(_ type: Int32, _ code: UInt32, _ value: Int32) -> input_event {
        var event = input_event()
        (event.type, event.code, event.value) = (UInt16(type), UInt16(code), value)
        return event
    }

    private static func nextEvent(_ flags: UInt32, _ out: UnsafeMutablePointer<input_event>) -> Int32 {
        if let readErrno { return -readErrno }
        let sync = Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue)
        if flags & UInt32(LIBEVDEV_READ_FLAG_FORCE_SYNC.rawValue) != 0 || (dropped && flags & UInt32(LIBEVDEV_READ_FLAG_NORMAL.rawValue) != 0) {
            dropped = false
            queue = []
            out.pointee = event(EV_SYN, UInt32(SYN_DROPPED), 0)
            held = kernel
            return sync
        }
        if flags & UInt32(LIBEVDEV_READ_FLAG_SYNC.rawValue) != 0 { return -EAGAIN }  // the sync's events: none left
        guard !queue.isEmpty else { return -EAGAIN }
        let next = queue.removeFirst()
        held[key(Int32(next.type), UInt32(next.code))] = next.value
        out.pointee = next
        return Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue)
    }

    private static func makeTable() -> UnsafeMutablePointer<orientd_evdev_api> {
        let t = UnsafeMutablePointer<orientd_evdev_api>.allocate(capacity: 1)
        t.initialize(to: orientd_evdev_api())
        t.pointee.new_from_fd = { fd, device in
            FakeEvdev.fd = fd
            FakeEvdev.openDevices += 1
            FakeEvdev.held = FakeEvdev.kernel  // libevdev reads the state as it opens
            device!.pointee = withUnsafeMutablePointer(to: &FakeEvdev.token) { OpaquePointer($0) }
            return 0
        }
        t.pointee.free = { _ in FakeEvdev.openDevices -= 1 }
        t.pointee.get_name = { _ in UnsafePointer(FakeEvdev.name) }
        t.pointee.has_property = { _, property in property == UInt32(INPUT_PROP_ACCELEROMETER) && FakeEvdev.isAccelerometer ? 1 : 0 }
        t.pointee.has_event_code = { _, type, code in
            switch Int32(type) {
            case EV_ABS: return code < 3 && FakeEvdev.absinfo[Int(code)].maximum != 0 ? 1 : 0
            case EV_SW: return FakeEvdev.switches.contains(code) ? 1 : 0
            default: return 0
            }
        }
        t.pointee.get_abs_info = { _, code in code < 3 ? UnsafePointer(FakeEvdev.absinfo + Int(code)) : nil }
        t.pointee.get_event_value = { _, type, code in FakeEvdev.held[FakeEvdev.key(Int32(type), code)] ?? 0 }
        t.pointee.next_event = { _, flags, event in FakeEvdev.nextEvent(flags, event!) }
        return t
    }
}
