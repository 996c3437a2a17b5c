import CallError
import CLibc
import IIO
import Systemd

/// One device's scan elements read through its triggered buffer, for every buffered reader
/// (the accelerometer's three axes and timestamp, a compass's or a light sensor's element):
/// libiio's context while the reader runs (libiio is loaded only then), the channels, and
/// the buffer while it is enabled.
final class ScanSession {
    let sysname: String
    let context: IIOContext
    let device: IIODevice
    /// The scan elements read, in the order a scan's values are given.
    let channels: [IIOChannel]
    private(set) var buffer: IIOBuffer?
    /// The buffer's poll fd while it is enabled.
    private(set) var fd: Int32 = -1

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

    /// The device's own data-ready trigger, when none is set (DataReadyTrigger); true when it
    /// set one.
    func chooseTrigger(name: String) -> Bool {
        DataReadyTrigger.choose(for: device, in: context, sysname: sysname, name: name)
    }

    /// Enables the channels and a non-blocking buffer of `scans` scans.
    func enable(scans: Int) throws(CallError) {
        for channel in channels { channel.enable() }
        let buffer = try device.createBuffer(samples: scans) { Log.warning($0) }
        try buffer.setBlocking(false)
        fd = try buffer.pollDescriptor()
        self.buffer = buffer
    }

    /// The buffer goes (iio_buffer_destroy: `buffer/enable` back to 0, the node closed) and
    /// the channels are disabled.
    func disable() {
        buffer = nil
        fd = -1
        for channel in channels { channel.disable() }
    }

    /// A scan element found by its id, or an error naming it.
    static func element(_ device: IIODevice, _ id: String, of sysname: String) throws(CallError) -> IIOChannel {
        guard let channel = device.channel(id), channel.isScanElement else {
            throw CallError(call: "find scan element \(id) of \(sysname)", errno: ENODEV)
        }
        return channel
    }
}
