import CallError
import CLibc
import IIO
import Systemd

/// The udev side of an IIO device: its udev properties, the sysfs attributes read and
/// written outside a libiio context, and the descriptor of its IIO events. `Device`
/// (sd-device) in the daemon; a test's fake, beside the fake libiio table, in SensorsTests.
public protocol SysfsDevice: AnyObject {
    var sysname: String { get }
    var syspath: String { get }
    var devnode: String? { get }
    func property(_ key: String) -> String?
    func attribute(_ name: String) -> String?
    /// The attribute's value now, read afresh (`attribute` may give the value udev cached).
    func readAttribute(_ name: String) throws(CallError) -> String
    func setAttribute(_ name: String, _ value: String) throws(CallError)
    /// The IIO event descriptor (IIOEvents): from `chardev`, a running buffer's open device
    /// node, or else from the device node opened briefly.
    func openEvents(chardev: Int32?) throws(CallError) -> Int32
}

extension SysfsDevice {
    /// Puts `attribute` back to `value` (as a sysfs file: libiio knows no `buffer/length` and
    /// answers ENOENT; an empty value detaches a trigger). True when done or when the device
    /// is gone (nothing left to put back); a failure is logged.
    func restore(_ attribute: String, _ value: String) -> Bool {
        do throws(CallError) {
            try setAttribute(attribute, value)
        } catch where error.errno == ENOENT || error.errno == ENODEV {
            return true
        } catch {
            Log.warning("\(sysname): cannot restore \(attribute)=\(value): \(error)")
            return false
        }
        return true
    }
}

extension Device: SysfsDevice {
    public func readAttribute(_ name: String) throws(CallError) -> String {
        try SysfsFile.system.read(syspath + "/" + name)
    }

    public func openEvents(chardev: Int32?) throws(CallError) -> Int32 {
        if let chardev { return try IIOEvents.open(chardev: chardev) }
        guard let node = devnode else { throw CallError(call: "find the device node of \(sysname)", errno: ENODEV) }
        return try IIOEvents.open(devnode: node)
    }
}
