import CIIO
import Glibc
import IIO

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
    }

    final class Device {
        let id: UnsafeMutablePointer<CChar>
        let name: UnsafeMutablePointer<CChar>
        var channels: [Channel]
        var attributes: [String: String]
        init(_ id: String, name: String, channels: [Channel], attributes: [String: String] = [:]) {
            self.id = strdup(id)
            self.name = strdup(name)
            self.channels = channels
            self.attributes = attributes
        }
    }

    nonisolated(unsafe) static var devices: [Device] = []
    /// What each `iio_buffer_refill` answers, in order (bytes, or -errno); then -EAGAIN.
    nonisolated(unsafe) static var refills: [Int] = []
    nonisolated(unsafe) static var openContexts = 0
    nonisolated(unsafe) static var openBuffers = 0
    /// Bytes per scan of the fake buffers.
    nonisolated(unsafe) static var step = 8
    private nonisolated(unsafe) static var table: UnsafeMutablePointer<orientd_iio_api>?
    private nonisolated(unsafe) static var contextToken = 0

    /// An attribute value of this form makes the read fail with that errno.
    static func failing(_ errno: Int32) -> String { "errno:\(errno)" }

    static func handle(_ object: AnyObject) -> OpaquePointer { OpaquePointer(Unmanaged.passUnretained(object).toOpaque()) }
    static func device(_ handle: OpaquePointer?) -> Device { Unmanaged<Device>.fromOpaque(UnsafeRawPointer(handle!)).takeUnretainedValue() }
    static func channel(_ handle: OpaquePointer?) -> Channel { Unmanaged<Channel>.fromOpaque(UnsafeRawPointer(handle!)).takeUnretainedValue() }

    /// Copies `value` (or its errno) the way libiio's attribute reads do.
    static func answer(_ value: String?, _ buffer: UnsafeMutablePointer<CChar>?, _ length: Int) -> Int {
        guard let value else { return -Int(ENOENT) }
        if value.hasPrefix("errno:"), let code = Int(value.dropFirst(6)) { return -code }
        let bytes = Array(value.utf8CString)
        guard let buffer, bytes.count <= length else { return -Int(EINVAL) }
        for (i, byte) in bytes.enumerated() { buffer[i] = byte }
        return bytes.count
    }

    /// Installs the fake with `devices`; `uninstall` puts libiio back.
    static func install(_ devices: [Device]) {
        self.devices = devices
        refills = []
        openContexts = 0
        openBuffers = 0
        step = 8
        if table == nil {
            let t = UnsafeMutablePointer<orientd_iio_api>.allocate(capacity: 1)
            t.initialize(to: orientd_iio_api())
            t.pointee.create_local_context = {
                FakeIIO.openContexts += 1
                return withUnsafeMutablePointer(to: &FakeIIO.contextToken) { OpaquePointer($0) }
            }
            t.pointee.context_destroy = { _ in FakeIIO.openContexts -= 1 }
            t.pointee.context_find_device = { _, name in
                let wanted = String(cString: name!)
                return FakeIIO.devices.first { String(cString: $0.id) == wanted || String(cString: $0.name) == wanted }.map { FakeIIO.handle($0) }
            }
            t.pointee.context_get_devices_count = { _ in UInt32(FakeIIO.devices.count) }
            t.pointee.context_get_device = { _, index in FakeIIO.handle(FakeIIO.devices[Int(index)]) }
            t.pointee.device_get_id = { UnsafePointer(FakeIIO.device($0).id) }
            t.pointee.device_get_name = { UnsafePointer(FakeIIO.device($0).name) }
            t.pointee.device_is_trigger = { _ in false }
            t.pointee.device_find_channel = { device, name, _ in
                let wanted = String(cString: name!)
                return FakeIIO.device(device).channels.first { String(cString: $0.id) == wanted }.map { FakeIIO.handle($0) }
            }
            t.pointee.device_get_channels_count = { UInt32(FakeIIO.device($0).channels.count) }
            t.pointee.device_get_channel = { device, index in FakeIIO.handle(FakeIIO.device(device).channels[Int(index)]) }
            t.pointee.device_attr_read = { device, name, buffer, length in
                FakeIIO.answer(FakeIIO.device(device).attributes[String(cString: name!)], buffer, length)
            }
            t.pointee.device_attr_write = { device, name, value in
                FakeIIO.device(device).attributes[String(cString: name!)] = String(cString: value!)
                return strlen(value!) + 1
            }
            t.pointee.device_get_trigger = { _, _ in -Int32(ENOENT) }
            t.pointee.device_set_trigger = { _, _ in 0 }
            t.pointee.device_create_buffer = { _, _, _ in
                FakeIIO.openBuffers += 1
                return withUnsafeMutablePointer(to: &FakeIIO.contextToken) { OpaquePointer($0 + 1) }
            }
            t.pointee.channel_get_id = { UnsafePointer(FakeIIO.channel($0).id) }
            t.pointee.channel_is_scan_element = { FakeIIO.channel($0).scanIndex >= 0 }
            t.pointee.channel_get_index = { Int(FakeIIO.channel($0).scanIndex) }
            t.pointee.channel_attr_read = { channel, name, buffer, length in
                FakeIIO.answer(FakeIIO.channel(channel).attributes[String(cString: name!)], buffer, length)
            }
            t.pointee.channel_enable = { FakeIIO.channel($0).enabled = true }
            t.pointee.channel_disable = { FakeIIO.channel($0).enabled = false }
            t.pointee.buffer_destroy = { _ in FakeIIO.openBuffers -= 1 }
            t.pointee.buffer_get_poll_fd = { _ in 42 }
            t.pointee.buffer_set_blocking_mode = { _, _ in 0 }
            t.pointee.buffer_refill = { _ in FakeIIO.refills.isEmpty ? -Int(EAGAIN) : FakeIIO.refills.removeFirst() }
            t.pointee.buffer_step = { _ in FakeIIO.step }
            table = t
        }
        IIOTable.replace(with: UnsafePointer(table!))
    }

    static func uninstall() {
        IIOTable.replace(with: nil)
        devices = []
    }

    /// An accelerometer with `raw` as its three axes' `raw` attributes.
    static func accelerometer(_ sysname: String = "iio:device0", raw: [String], scanElements: Bool = false) -> Device {
        Device(sysname, name: "accel_3d", channels: zip(["accel_x", "accel_y", "accel_z"], raw).enumerated().map { index, axis in
            Channel(axis.0, attributes: ["raw": axis.1], scanIndex: scanElements ? Int32(index) : -1)
        })
    }
}
