import CallError
import CLibc
import IIO
import Systemd

/// One device's scan elements read through its triggered buffer, for every buffered reader
/// (the accelerometer's three axes and timestamp, a compass's or a light sensor's elements):
/// libiio's context while the reader runs (libiio is loaded only then), the channels, the
/// data-ready trigger it set, and the buffer while it is enabled. `ScanStream` reads it.
final class ScanSession {
    let sysname: String
    let context: IIOContext
    let device: IIODevice
    /// The scan elements read, in the order a scan's values are given.
    let channels: [IIOChannel]
    private(set) var buffer: IIOBuffer?
    /// The buffer's poll fd while it is enabled.
    private(set) var fd: Int32 = -1
    /// The scans the enabled buffer holds: a refill that gives fewer emptied it.
    private(set) var capacity = 0
    /// orientd set the trigger (there was none): `close` detaches it again.
    private var setTrigger = false

    /// Opens the context and finds the device and its scan elements (`find` throws for one
    /// that is missing). A buffer left enabled (a crashed run, another reader that died) is
    /// disabled: enabling would fail with EBUSY, and the channel layout cannot change while it
    /// runs.
    init(sysname: String, find: (IIODevice) throws(CallError) -> [IIOChannel]) throws(CallError) {
        self.sysname = sysname
        (context, device) = try openDevice(sysname)
        channels = try find(device)
        if (try? device.readAttribute("buffer/enable")) == "1" {
            Log.notice("\(sysname): buffer was left enabled, disabling it first")
            try device.writeAttribute("buffer/enable", "0")
        }
    }

    /// The device attributes a session may change, for a custody note taken before it does:
    /// the trigger, then `settings` (what the reader itself sets), then the buffer's own and
    /// the channel enables. orientd always leaves the buffer off, so `buffer/enable` is not one.
    func changedAttributes(settings: [String] = []) -> [String] {
        ["trigger/current_trigger"] + settings + ["buffer/length", "buffer/watermark"] + channels.map { "scan_elements/in_\($0.id)_en" }
    }

    /// The device's own data-ready trigger, when none is set (DataReadyTrigger); `close`
    /// detaches one it set.
    func chooseTrigger(name: String) {
        if DataReadyTrigger.choose(for: device, in: context, sysname: sysname, name: name) { setTrigger = true }
    }

    /// Enables the channels and a non-blocking buffer of `scans` scans.
    func enable(scans: Int) throws(CallError) {
        for channel in channels { channel.enable() }
        let buffer = try device.createBuffer(samples: scans) { Log.warning($0) }
        try buffer.setBlocking(false)
        fd = try buffer.pollDescriptor()
        capacity = scans
        self.buffer = buffer
    }

    /// The device as the session found it: the buffer goes (iio_buffer_destroy:
    /// `buffer/enable` back to 0, the node closed), the channels are disabled, a trigger the
    /// session set is detached. Closing twice does nothing more.
    func close() {
        buffer = nil
        fd = -1
        for channel in channels { channel.disable() }
        guard setTrigger else { return }
        setTrigger = false
        do {
            try device.setTrigger(nil)
        } catch where error.errno == ENOENT || error.errno == ENODEV {
            // The device is gone: nothing to put back.
        } catch {
            Log.warning("\(sysname): cannot detach its trigger: \(error)")
        }
    }

    /// A buffered kind's scan elements, found by their scan index (libiio does not name every
    /// element as sysfs does).
    convenience init(sysname: String, elements: [BufferedElement]) throws(CallError) {
        try self.init(sysname: sysname) { device throws(CallError) in
            try elements.map { element throws(CallError) in
                guard let channel = device.scanElement(index: element.scanIndex) else {
                    throw CallError(call: "find scan element \(element.name) (index \(element.scanIndex)) of \(sysname)", errno: ENODEV)
                }
                return channel
            }
        }
    }

    /// A scan element found by its id, or an error naming it.
    static func element(_ device: IIODevice, _ id: String, of sysname: String) throws(CallError) -> IIOChannel {
        guard let channel = device.channel(id), channel.isScanElement else {
            throw CallError(call: "find scan element \(id) of \(sysname)", errno: ENODEV)
        }
        return channel
    }
}
