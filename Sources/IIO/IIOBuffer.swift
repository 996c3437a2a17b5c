import CallError
import CIIO
import CLibc

/// An enabled libiio buffer whose node wakes a reader for every scan (`wakeOnEveryScan`).
/// Destroying it disables the kernel buffer, closes the device node and puts the watermark
/// back.
public final class IIOBuffer {
    let handle: OpaquePointer
    let device: IIODevice
    /// `buffer/watermark` before libiio changed it, when it was changed.
    private var originalWatermark: String?

    init(handle: OpaquePointer, device: IIODevice, originalWatermark: String?) {
        self.handle = handle
        self.device = device
        self.originalWatermark = originalWatermark
    }

    deinit {
        iio.buffer_destroy!(handle)
        if let originalWatermark, originalWatermark != "1" {
            try? device.writeAttribute("buffer/watermark", originalWatermark)
        }
    }

    /// libiio 0.24 sets `buffer/watermark` to the buffer's length before it enables the
    /// buffer, and the kernel reports the node readable only once that many scans wait
    /// (`iio_buffer_poll`): 64 scans are 1.3 s at 50 Hz. A Begin's first scan, a silence
    /// watchdog and a HID hub that sends scans only on change would all wait for them;
    /// non-blocking reads return what is there either way. The watermark goes back to 1. The
    /// kernel refuses to change it while the buffer runs (EBUSY), so the buffer is disabled
    /// for the write and enabled again (it holds no scans yet).
    /// Returns a description of what failed, or nil.
    func wakeOnEveryScan() -> String? {
        guard let watermark = try? device.readAttribute("buffer/watermark"), watermark != "1" else { return nil }
        do throws(CallError) {
            try device.writeAttribute("buffer/enable", "0")
            defer { try? device.writeAttribute("buffer/enable", "1") }
            try device.writeAttribute("buffer/watermark", "1")
            return nil
        } catch {
            return "cannot set buffer/watermark to 1 (\(error)); the node wakes a reader every \(watermark) scans"
        }
    }

    /// The file descriptor that becomes readable when scans are waiting.
    public func pollDescriptor() throws(CallError) -> Int32 {
        try check(iio.buffer_get_poll_fd!(handle), "poll fd of \(device.id)")
    }

    public func setBlocking(_ blocking: Bool) throws(CallError) {
        try check(iio.buffer_set_blocking_mode!(handle, blocking), "set blocking mode of \(device.id)")
    }

    /// Reads what is waiting, up to the buffer size. Returns the number of whole scans, 0 when
    /// nothing is waiting (EAGAIN).
    public func refill() throws(CallError) -> Int {
        let bytes = iio.buffer_refill!(handle)
        if bytes == -Int(EAGAIN) { return 0 }
        try check(bytes, "read buffer of \(device.id)")
        let step = iio.buffer_step!(handle)
        return step > 0 ? bytes / step : 0
    }

    /// Calls `body` for each whole scan of the last refill with the channel values converted
    /// by libiio (endianness, shift, sign extension) to host-order 64-bit integers.
    public func forEachScan(_ channels: [IIOChannel], _ body: ([Int64]) -> Void) {
        let step = iio.buffer_step!(handle)
        guard step > 0, let end = iio.buffer_end!(handle) else { return }
        let starts = channels.map { iio.buffer_first!(handle, $0.handle) }
        // A scan begins with its lowest-index element, not necessarily the first asked for.
        guard let base = starts.compactMap({ $0 }).min() else { return }
        var values = [Int64](repeating: 0, count: channels.count)
        var offset = 0
        while base + offset + step <= end {
            for (i, channel) in channels.enumerated() {
                guard let start = starts[i] else { continue }
                values[i] = Self.convert(channel, start + offset)
            }
            body(values)
            offset += step
        }
    }

    private static func convert(_ channel: IIOChannel, _ source: UnsafeMutableRawPointer) -> Int64 {
        var value: Int64 = 0
        let format = iio.channel_get_data_format!(channel.handle)!.pointee
        // iio_channel_convert writes `length` bits; 64 bits hold every IIO scan element.
        withUnsafeMutableBytes(of: &value) { out in
            iio.channel_convert!(channel.handle, out.baseAddress, source)
        }
        let bits = Int(format.length)
        if bits > 0 && bits < 64 {
            // Sign-extend what libiio wrote into the low `length` bits.
            let shift = Int64(64 - bits)
            value = format.is_signed ? (value << shift) >> shift : value & ((1 << Int64(bits)) - 1)
        }
        return value
    }
}
