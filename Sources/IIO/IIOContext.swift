import CallError
import CIIO
import CLibc

/// A snapshot of the local IIO devices (libiio's local backend reads sysfs). Devices that
/// appear later need a new context.
public final class IIOContext {
    let handle: OpaquePointer

    /// How many scans a context may take when one fails with ENOENT or ENODEV: libiio's local
    /// backend reads every device's sysfs files, and a device removed during that read (a hub
    /// unplugged, a driver unbound) fails the whole scan; the next scan no longer lists it. A
    /// device that keeps vanishing is a real fault, reported after the last attempt.
    public static let scanAttemptsAfterRemoval = 3

    public init() throws(CallError) {
        try Library.load()
        var attempt = 1
        while true {
            if let context = iio.create_local_context!() {
                handle = context
                return
            }
            let errno = orientd_errno()
            guard errno == ENOENT || errno == ENODEV, attempt < Self.scanAttemptsAfterRemoval else {
                Library.unload()
                throw CallError(call: "iio_create_local_context", errno: errno)
            }
            attempt += 1
        }
    }

    /// Devices, channels and buffers keep their context alive, so they are gone by now.
    deinit {
        iio.context_destroy!(handle)
        Library.unload()
    }

    /// A device by its id (`iio:deviceN`) or its name.
    public func device(_ idOrName: String) -> IIODevice? {
        iio.context_find_device!(handle, idOrName).map { IIODevice(handle: $0, context: self) }
    }

    public var devices: [IIODevice] {
        (0..<iio.context_get_devices_count!(handle)).compactMap { index in
            iio.context_get_device!(handle, index).map { IIODevice(handle: $0, context: self) }
        }
    }
}

/// One IIO device of a context. Keeps its context alive.
public struct IIODevice {
    let handle: OpaquePointer
    let context: IIOContext

    public var id: String { String(cString: iio.device_get_id!(handle)!) }
    public var name: String? { iio.device_get_name!(handle).map { String(cString: $0) } }
    public var isTrigger: Bool { iio.device_is_trigger!(handle) }

    /// An input channel such as `accel_x` or `timestamp`.
    public func channel(_ id: String) -> IIOChannel? {
        iio.device_find_channel!(handle, id, false).map { IIOChannel(handle: $0, device: self) }
    }

    /// Every channel of the device.
    public var channels: [IIOChannel] {
        (0..<iio.device_get_channels_count!(handle)).compactMap { index in
            iio.device_get_channel!(handle, index).map { IIOChannel(handle: $0, device: self) }
        }
    }

    /// The buffered input channel whose scan element has this index (`scan_elements/*_index`).
    /// Finds channels whose sysfs names libiio cuts short: libiio 0.24 names
    /// `in_rot_from_north_magnetic_tilt_comp` `rot_from_north_magnetic`, the id of another
    /// channel of the same HID compass.
    public func scanElement(index: Int) -> IIOChannel? {
        channels.first { $0.isScanElement && $0.index == index }
    }

    public func readAttribute(_ name: String) throws(CallError) -> String {
        try readText("read \(id)/\(name)") { iio.device_attr_read!(handle, name, $0, $1) }
    }

    public func writeAttribute(_ name: String, _ value: String) throws(CallError) {
        try check(iio.device_attr_write!(handle, name, value), "write \(id)/\(name)")
    }

    /// The trigger currently set, if any.
    public var currentTrigger: IIODevice? {
        var trigger: OpaquePointer?
        guard iio.device_get_trigger!(handle, &trigger) >= 0, let trigger else { return nil }
        return IIODevice(handle: trigger, context: context)
    }

    public func setTrigger(_ trigger: IIODevice?) throws(CallError) {
        try check(iio.device_set_trigger!(handle, trigger?.handle), "set trigger of \(id)")
    }

    /// Creates and enables a buffer of `samples` scans for the enabled channels, whose node
    /// wakes a reader for every scan (see `IIOBuffer.wakeOnEveryScan`; a failure to arrange
    /// that is returned through `warning`, the buffer works without it).
    public func createBuffer(samples: Int, warning: (String) -> Void = { _ in }) throws(CallError) -> IIOBuffer {
        let watermark = try? readAttribute("buffer/watermark")
        guard let raw = iio.device_create_buffer!(handle, samples, false) else {
            throw CallError(call: "create buffer of \(id)", errno: orientd_errno())
        }
        let buffer = IIOBuffer(handle: raw, device: self, originalWatermark: watermark)
        if let problem = buffer.wakeOnEveryScan() { warning("\(id): \(problem)") }
        return buffer
    }
}

/// Reads a text attribute through a libiio read call. libiio strips the trailing newline
/// of sysfs values itself.
func readText(_ call: String, _ read: (UnsafeMutablePointer<CChar>, Int) -> Int) throws(CallError) -> String {
    var buffer = [CChar](repeating: 0, count: 1024)
    let n = buffer.withUnsafeMutableBufferPointer { read($0.baseAddress!, $0.count) }
    try check(n, call)
    let bytes = buffer.prefix(min(n, buffer.count)).prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
}

/// One channel of a device.
public struct IIOChannel {
    let handle: OpaquePointer
    let device: IIODevice

    public var id: String { String(cString: iio.channel_get_id!(handle)!) }
    public var isScanElement: Bool { iio.channel_is_scan_element!(handle) }
    /// The scan element's index; negative for a channel that is not one.
    public var index: Int { Int(iio.channel_get_index!(handle)) }

    public func readAttribute(_ name: String) throws(CallError) -> String {
        try readText("read \(device.id)/\(id) \(name)") { iio.channel_attr_read!(handle, name, $0, $1) }
    }

    public func enable() { iio.channel_enable!(handle) }
    public func disable() { iio.channel_disable!(handle) }
}
