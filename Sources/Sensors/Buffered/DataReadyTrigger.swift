import CallError
import CLibc
import IIO
import Systemd

/// HID sensor hubs and many drivers need their own data-ready trigger, named `<name>-devN`,
/// set before the buffer can run (iio-sensor-proxy refuses a device without one; a device
/// that has none may run without). Used by every buffered reader.
enum DataReadyTrigger {
    /// Sets the device's own trigger when none is set; true when it set one (`ScanSession.close`
    /// detaches it again).
    @discardableResult
    static func choose(for device: IIODevice, in context: IIOContext, sysname: String, name: String) -> Bool {
        guard device.currentTrigger == nil else { return false }
        let suffix = "-dev" + sysname.dropFirst("iio:device".count)
        let triggers = context.devices.filter { $0.isTrigger && ($0.name ?? "").hasSuffix(suffix) }
        guard let trigger = triggers.first(where: { $0.name == name + suffix }) ?? (triggers.count == 1 ? triggers.first : nil) else {
            return false
        }
        do {
            try device.setTrigger(trigger)
            Log.debug("\(sysname): trigger \(trigger.name ?? trigger.id)")
            return true
        } catch where error.errno == ENOENT || error.errno == ENODEV {
            Log.debug("\(sysname): cannot set trigger: the device is gone")
        } catch {
            Log.warning("\(sysname): cannot set trigger \(trigger.name ?? trigger.id): \(error), ignoring")
        }
        return false
    }
}
