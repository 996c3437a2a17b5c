import CallError
import Glibc
@testable import Sensors

/// The udev side (`SysfsDevice`) of a fake libiio device: its sysfs attributes are the fake
/// device's own, its channels' `in_<channel>_raw` and `scan_elements/in_<channel>_en`; its IIO
/// event descriptor is a fresh non-blocking pipe, to which `fireMotion()` writes one event.
/// Without libiio installed it is a plain sysfs directory (a polled sensor's attributes).
final class FakeSysfs: SysfsDevice {
    let device: FakeIIO.Device
    var properties: [String: String]
    let syspath: String
    /// Attributes whose writes the kernel refuses (EBUSY, as while a buffer runs).
    var refused: Set<String> = []
    /// The write end of the last event pipe handed out, and its read end.
    private(set) var eventWriter: Int32 = -1
    private(set) var eventFD: Int32 = -1
    /// Every attribute written through udev (the custody's restores), in order.
    private(set) var writes: [(attribute: String, value: String)] = []

    init(_ device: FakeIIO.Device, properties: [String: String] = [:], syspath: String? = nil) {
        self.device = device
        self.properties = properties
        self.syspath = syspath ?? "/sys/bus/iio/devices/" + device.sysname
    }

    /// A device with `attributes` alone, as a polled sensor's directory.
    convenience init(_ sysname: String, syspath: String? = nil, _ attributes: [String: String]) {
        self.init(FakeIIO.Device(sysname, name: sysname, channels: [], attributes: attributes), syspath: syspath)
    }

    deinit { if eventWriter >= 0 { close(eventWriter) } }

    var sysname: String { device.sysname }
    var devnode: String? { "/dev/" + device.sysname }
    func property(_ key: String) -> String? { properties[key] }

    func attribute(_ name: String) -> String? {
        if let value = device.attributes[name] { return value }
        for channel in device.channels {
            if name == "in_\(channel.name)_raw" { return channel.attributes["raw"] }
            if name == "scan_elements/in_\(channel.name)_en", channel.scanIndex >= 0 { return channel.enabled ? "1" : "0" }
        }
        return nil
    }

    func readAttribute(_ name: String) throws(CallError) -> String {
        guard let value = attribute(name) else { throw CallError(call: "open \(syspath)/\(name)", errno: ENOENT) }
        return value
    }

    func setAttribute(_ name: String, _ value: String) throws(CallError) {
        guard !refused.contains(name) else { throw CallError(call: "write \(syspath)/\(name)", errno: EBUSY) }
        writes.append((name, value))
        if let channel = device.channels.first(where: { name == "scan_elements/in_\($0.name)_en" }) {
            channel.enabled = value == "1"
        } else {
            device.attributes[name] = value
        }
    }

    func openEvents(chardev: Int32?) throws(CallError) -> Int32 {
        if eventWriter >= 0 { close(eventWriter) }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw CallError(call: "pipe", errno: errno) }
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        (eventFD, eventWriter) = (ends[0], ends[1])
        return eventFD
    }

    /// The chip's motion detector raises one event (a 16-byte `iio_event_data`).
    func fireMotion() {
        var record = [UInt8](repeating: 0, count: 16)
        _ = record.withUnsafeMutableBytes { write(eventWriter, $0.baseAddress, 16) }
    }
}
