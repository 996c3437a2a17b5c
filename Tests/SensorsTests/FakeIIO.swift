import CIIO
import Glibc
import IIO
import Testing

/// Every suite that installs the fake: its state is global, so they run one test at a time.
@Suite(.serialized) enum FakeLibiioSuites {}

/// A libiio stand-in behind the `IIOTable` seam: devices, channels and attributes held in
/// Swift, buffers whose refills answer what a test queued. C function pointers capture
/// nothing, so the state is global; suites that use it run serialized.
enum FakeIIO {
    final class Channel {
        let id: UnsafeMutablePointer<CChar>
        var attributes: [String: String]
        let scanIndex: Int32
        var enabled = false
        init(_ id: String, attributes: [String: String], scanIndex: Int32 = -1) {
            self.id = strdup(id)
            self.attributes = attributes
            self.scanIndex = scanIndex
        }
        var name: String { String(cString: id) }
    }

    final class Device {
        let id: UnsafeMutablePointer<CChar>
        let name: UnsafeMutablePointer<CChar>
        var channels: [Channel]
        /// Device attributes by their sysfs path under the device (`buffer/enable`,
        /// `sampling_frequency`): libiio's device attributes and the udev side (FakeSysfs) alike.
        var attributes: [String: String]
        /// A trigger device (`triggerN`, named `<name>-devN`), not a sensor.
        var isTrigger = false
        /// The device's current trigger (`trigger/current_trigger`).
        var trigger: Device?
        init(_ id: String, name: String, channels: [Channel], attributes: [String: String] = [:]) {
            self.id = strdup(id)
            self.name = strdup(name)
            self.channels = channels
            self.attributes = attributes
        }
        var sysname: String { String(cString: id) }
        /// 8 bytes per scan element, in scan-index order.
        var scanSlots: Int { Int((channels.map(\.scanIndex).max() ?? -1) + 1) }
    }

    /// What one `iio_buffer_refill` answers: scans (one value per scan element, by index), or
    /// a failure with this errno.
    enum Refill {
        case scans([[Int64]])
        case failure(Int32)
    }

    final class Buffer {
        let device: Device
        let memory: UnsafeMutableRawPointer
        let capacity: Int
        var filled = 0
        init(device: Device, scans: Int) {
            self.device = device
            capacity = max(scans, 1) * 8 * max(device.scanSlots, 1)
            memory = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        }
        deinit { memory.deallocate() }
    }

    nonisolated(unsafe) static var devices: [Device] = []
    /// What each `iio_buffer_refill` answers, in order; then -EAGAIN.
    nonisolated(unsafe) static var refills: [Refill] = []
    nonisolated(unsafe) static var refillCalls = 0
    nonisolated(unsafe) static var openContexts = 0
    /// The errnos the next context scans fail with, one a scan (a device removed mid-scan).
    nonisolated(unsafe) static var contextFailures: [Int32] = []
    nonisolated(unsafe) static var buffers: [Buffer] = []
    static var openBuffers: Int { buffers.count }
    /// Every device attribute written through libiio, in order.
    nonisolated(unsafe) static var writes: [(attribute: String, value: String)] = []
    /// The descriptor `iio_buffer_get_poll_fd` answers: the read end of a pipe. The manual
    /// loop's watches take it as a key; a wait outside the loop (`BufferOneShot`'s poll) sees
    /// it readable while `scanReady()` left a byte in it.
    static let pollPipe: [Int32] = {
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0)
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        return ends
    }()
    static var pollFD: Int32 { pollPipe[0] }

    /// The buffer's node is readable for a wait outside the loop, until `install` or `drainPollFD`.
    static func scanReady() {
        var byte: UInt8 = 1
        _ = write(pollPipe[1], &byte, 1)
    }

    static func drainPollFD() {
        var byte: UInt8 = 0
        while read(pollFD, &byte, 1) > 0 {}
    }
    private nonisolated(unsafe) static var table: UnsafeMutablePointer<orientd_iio_api>?
    private nonisolated(unsafe) static var contextToken = 0
    /// Every scan element: a host-order 64-bit signed value.
    private nonisolated(unsafe) static let format: UnsafeMutablePointer<iio_data_format> = {
        let format = UnsafeMutablePointer<iio_data_format>.allocate(capacity: 1)
        format.initialize(to: iio_data_format(length: 64, bits: 64, shift: 0, is_signed: true, is_fully_defined: true,
                                              is_be: false, with_scale: false, scale: 1, repeat: 1))
        return format
    }()

    /// An attribute value of this form makes the read fail with that errno.
    static func failing(_ errno: Int32) -> String { "errno:\(errno)" }

    static func handle(_ object: AnyObject) -> OpaquePointer { OpaquePointer(Unmanaged.passUnretained(object).toOpaque()) }
    static func device(_ handle: OpaquePointer?) -> Device { Unmanaged<Device>.fromOpaque(UnsafeRawPointer(handle!)).takeUnretainedValue() }
    static func channel(_ handle: OpaquePointer?) -> Channel { Unmanaged<Channel>.fromOpaque(UnsafeRawPointer(handle!)).takeUnretainedValue() }
    static func buffer(_ handle: OpaquePointer?) -> Buffer { Unmanaged<Buffer>.fromOpaque(UnsafeRawPointer(handle!)).takeUnretainedValue() }

    /// Copies `value` (or its errno) the way libiio's attribute reads do.
    static func answer(_ value: String?, _ buffer: UnsafeMutablePointer<CChar>?, _ length: Int) -> Int {
        guard let value else { return -Int(ENOENT) }
        if value.hasPrefix("errno:"), let code = Int(value.dropFirst(6)) { return -code }
        let bytes = Array(value.utf8CString)
        guard let buffer, bytes.count <= length else { return -Int(EINVAL) }
        for (i, byte) in bytes.enumerated() { buffer[i] = byte }
        return bytes.count
    }

    /// The next queued refill written into the buffer's memory: bytes, or -errno. Scans queued
    /// one after the other are read together, up to the buffer's size, as from the kernel's
    /// buffer.
    static func refill(_ buffer: Buffer) -> Int {
        refillCalls += 1
        guard let next = refills.first else { return -Int(EAGAIN) }
        if case .failure(let code) = next {
            refills.removeFirst()
            return -Int(code)
        }
        let step = 8 * buffer.device.scanSlots
        var count = 0
        while case .scans(let scans)? = refills.first, count + scans.count <= buffer.capacity / max(step, 1) {
            refills.removeFirst()
            for scan in scans {
                for (slot, value) in scan.enumerated() { buffer.memory.storeBytes(of: value, toByteOffset: count * step + slot * 8, as: Int64.self) }
                count += 1
            }
        }
        buffer.filled = count * step
        return buffer.filled
    }

    /// Installs the fake with `devices`; `uninstall` puts libiio back.
    static func install(_ devices: [Device]) {
        self.devices = devices
        refills = []
        refillCalls = 0
        openContexts = 0
        buffers = []
        writes = []
        drainPollFD()
        if table == nil { table = makeTable() }
        IIOTable.replace(with: UnsafePointer(table!))
    }

    static func uninstall() {
        IIOTable.replace(with: nil)
        contextFailures = []
        devices = []
        buffers = []
    }

    private static func makeTable() -> UnsafeMutablePointer<orientd_iio_api> {
        let t = UnsafeMutablePointer<orientd_iio_api>.allocate(capacity: 1)
        t.initialize(to: orientd_iio_api())
        t.pointee.create_local_context = {
            if !FakeIIO.contextFailures.isEmpty {
                errno = FakeIIO.contextFailures.removeFirst()
                return nil
            }
            FakeIIO.openContexts += 1
            return withUnsafeMutablePointer(to: &FakeIIO.contextToken) { OpaquePointer($0) }
        }
        t.pointee.context_destroy = { _ in FakeIIO.openContexts -= 1 }
        t.pointee.context_find_device = { _, name in
            let wanted = String(cString: name!)
            return FakeIIO.devices.first { $0.sysname == wanted || String(cString: $0.name) == wanted }.map { FakeIIO.handle($0) }
        }
        t.pointee.context_get_devices_count = { _ in UInt32(FakeIIO.devices.count) }
        t.pointee.context_get_device = { _, index in FakeIIO.handle(FakeIIO.devices[Int(index)]) }
        t.pointee.device_get_id = { UnsafePointer(FakeIIO.device($0).id) }
        t.pointee.device_get_name = { UnsafePointer(FakeIIO.device($0).name) }
        t.pointee.device_is_trigger = { FakeIIO.device($0).isTrigger }
        t.pointee.device_find_channel = { device, name, _ in
            let wanted = String(cString: name!)
            return FakeIIO.device(device).channels.first { $0.name == wanted }.map { FakeIIO.handle($0) }
        }
        t.pointee.device_get_channels_count = { UInt32(FakeIIO.device($0).channels.count) }
        t.pointee.device_get_channel = { device, index in FakeIIO.handle(FakeIIO.device(device).channels[Int(index)]) }
        t.pointee.device_attr_read = { device, name, buffer, length in
            FakeIIO.answer(FakeIIO.device(device).attributes[String(cString: name!)], buffer, length)
        }
        t.pointee.device_attr_write = { device, name, value in
            let attribute = String(cString: name!), text = String(cString: value!)
            FakeIIO.writes.append((attribute, text))
            FakeIIO.device(device).attributes[attribute] = text
            return strlen(value!) + 1
        }
        t.pointee.device_get_trigger = { device, trigger in
            guard let current = FakeIIO.device(device).trigger else { return -Int32(ENOENT) }
            trigger!.pointee = FakeIIO.handle(current)
            return 0
        }
        t.pointee.device_set_trigger = { device, trigger in
            FakeIIO.device(device).trigger = trigger.map { FakeIIO.device($0) }
            return 0
        }
        t.pointee.device_create_buffer = { device, samples, _ in
            let buffer = Buffer(device: FakeIIO.device(device), scans: samples)
            FakeIIO.buffers.append(buffer)
            FakeIIO.device(device).attributes["buffer/enable"] = "1"
            return FakeIIO.handle(buffer)
        }
        t.pointee.channel_get_id = { UnsafePointer(FakeIIO.channel($0).id) }
        t.pointee.channel_is_scan_element = { FakeIIO.channel($0).scanIndex >= 0 }
        t.pointee.channel_get_index = { Int(FakeIIO.channel($0).scanIndex) }
        t.pointee.channel_attr_read = { channel, name, buffer, length in
            FakeIIO.answer(FakeIIO.channel(channel).attributes[String(cString: name!)], buffer, length)
        }
        t.pointee.channel_enable = { FakeIIO.channel($0).enabled = true }
        t.pointee.channel_disable = { FakeIIO.channel($0).enabled = false }
        t.pointee.channel_get_data_format = { _ in UnsafePointer(FakeIIO.format) }
        t.pointee.channel_convert = { _, destination, source in destination!.copyMemory(from: source!, byteCount: 8) }
        t.pointee.buffer_destroy = { handle in
            let buffer = FakeIIO.buffer(handle)
            buffer.device.attributes["buffer/enable"] = "0"
            FakeIIO.buffers.removeAll { $0 === buffer }
        }
        t.pointee.buffer_get_poll_fd = { _ in FakeIIO.pollFD }
        t.pointee.buffer_set_blocking_mode = { _, _ in 0 }
        t.pointee.buffer_refill = { FakeIIO.refill(FakeIIO.buffer($0)) }
        t.pointee.buffer_step = { 8 * FakeIIO.buffer($0).device.scanSlots }
        t.pointee.buffer_first = { handle, channel in FakeIIO.buffer(handle).memory + 8 * Int(FakeIIO.channel(channel).scanIndex) }
        t.pointee.buffer_end = { handle in let buffer = FakeIIO.buffer(handle); return buffer.memory + buffer.filled }
        return t
    }

    /// An accelerometer with `raw` as its three axes' `raw` attributes; `scanElements` gives
    /// the axes scan indexes 0–2 and a timestamp at 3 when `timestamp`.
    static func accelerometer(_ sysname: String = "iio:device0", raw: [String], scanElements: Bool = false, timestamp: Bool = false,
                              attributes: [String: String] = [:]) -> Device {
        var channels = zip(["accel_x", "accel_y", "accel_z"], raw).enumerated().map { index, axis in
            Channel(axis.0, attributes: ["raw": axis.1], scanIndex: scanElements ? Int32(index) : -1)
        }
        if scanElements && timestamp { channels.append(Channel("timestamp", attributes: [:], scanIndex: 3)) }
        return Device(sysname, name: "accel_3d", channels: channels, attributes: ["in_accel_scale": "0.01"].merging(attributes) { $1 })
    }
}
