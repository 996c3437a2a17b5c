import CallError
import CLibc
import IIO
import OrientationCore
import Systemd

/// A one-shot reading of an accelerometer that has only a buffer (no `in_accel_*_raw`: ChromeOS
/// EC sensors, buffer-only drivers): the buffer runs for one scan, then goes off and every
/// attribute it changed goes back (custody first, as for a buffered reader).
enum BufferOneShot {
    /// How long the first scan may take: a chip at 5 Hz, its slowest usual rate, converts
    /// every 200 ms; a buffer that stays silent longer gives no reading (the loop waits meanwhile).
    static let firstScanTimeoutMs: Int32 = 250
    /// One buffer one-shot a second at most: a caller reading the property in a loop keeps the
    /// loop waiting at most a quarter of the time with a silent buffer, and a property read
    /// a second apart still sees a pose change (a person turns a device in about a second).
    static let minimumSpacingUs: UInt64 = 1_000_000

    static func read(_ bound: DiscoveredAccelerometer, _ configuration: AccelerometerConfiguration,
                     custody: DeviceCustody?) throws(CallError) -> Vector3 {
        let sysname = bound.sysname
        let session = try ScanSession(accelerometer: sysname, configuration, timestamp: false)
        custody?.remember(session.changedAttributes(), of: session.device)
        defer {
            session.close()
            custody?.restore()
        }
        session.chooseTrigger(name: configuration.name)
        try session.enable(scans: 1)
        guard let buffer = session.buffer else { throw CallError(call: "enable the buffer of \(sysname)", errno: ENODEV) }
        var watched = pollfd(fd: session.fd, events: Int16(POLLIN), revents: 0)
        guard poll(&watched, 1, firstScanTimeoutMs) > 0, try buffer.refill() > 0 else {
            throw CallError(call: "read one scan of \(sysname) within \(firstScanTimeoutMs) ms", errno: ETIMEDOUT)
        }
        var raw: (Int64, Int64, Int64)?
        buffer.forEachScan(session.channels) { values in
            if raw == nil { raw = (values[0], values[1], values[2]) }
        }
        guard let raw else { throw CallError(call: "decode one scan of \(sysname)", errno: EIO) }
        return configuration.gravity(raw: raw)
    }
}
