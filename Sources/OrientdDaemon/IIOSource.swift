import Glibc
import IIO
import OrientationCore
import Systemd

/// IIO accelerometers: found with sd-device, read with libiio, watched for hotplug.
/// Buffered when the device has a triggered buffer, polled otherwise; nothing runs while
/// stopped.
public final class IIOSource: SampleSource {
    public struct Options: Equatable {
        /// Pin a device by IIO name or `iio:deviceN`.
        public var pin: String?
        /// Polled devices: 10 Hz gives the classifier two samples in 100 ms and costs 10
        /// wake-ups a second.
        public var pollIntervalUs: UInt64 = 100_000
        /// Polled devices, while moving: a reading further than `movementMS2` from the previous
        /// one means the device moves; it is then read this often until `movementHoldUs`
        /// pass without movement, so a new pose is confirmed within tens of milliseconds
        /// instead of two slow polls, and a device at rest still costs 10 wake-ups a second.
        public var movingPollIntervalUs: UInt64 = 20_000
        public var movementHoldUs: UInt64 = 300_000
        /// The classifier's still tolerance: hand tremor stays below it.
        public var movementMS2 = 0.6
        /// Buffered devices: scans are read in batches, every 100 ms while the device rests
        /// (10 wake-ups a second at any sampling rate) and every `movingPollIntervalUs` while
        /// a batch shows movement, so a new pose is seen as soon as it is still.
        public var batchIntervalUs: UInt64 = 100_000
        /// Consecutive failed reads after which the sensor counts as gone (files that vanish
        /// without a remove uevent).
        public var failureLimit = 5
        /// The lowest sampling frequency offered at or above this is chosen: the classifier's
        /// 60 ms still window then holds at least three samples.
        public var preferredSamplingHz = 50.0
        public init() {}
    }

    public var availabilityChanged: ((Bool) -> Void)?
    public var name: String { bound.map { "\($0.sysname) (\($0.configuration?.name ?? "?"))" } ?? "iio (no accelerometer)" }
    public var isAvailable: Bool { bound != nil }

    private let loop: EventLoop
    private let options: Options
    private var bound: DiscoveredAccelerometer?
    private var monitor: DeviceMonitor?
    private var reader: AccelerometerReader?

    public init(loop: EventLoop, options: Options) {
        self.loop = loop
        self.options = options
        do {
            monitor = try DeviceMonitor(loop: loop, subsystem: "iio") { [unowned self] action, device in
                self.deviceEvent(action, device)
            }
        } catch {
            Log.warning("cannot watch IIO hotplug: \(error), ignoring")
        }
        bind(AccelerometerDiscovery.select(AccelerometerDiscovery.scan(), pin: options.pin))
        if bound == nil {
            Log.info(options.pin.map { "no usable IIO accelerometer \($0) yet, waiting for it" }
                     ?? "no usable IIO display accelerometer yet, waiting for one")
        }
    }

    public func start(deliver: @escaping (Sample) -> Void) throws(SourceError) {
        guard reader == nil else { return }
        guard let bound, let configuration = bound.configuration else { throw SourceError("no accelerometer") }
        do {
            if bound.isBuffered {
                reader = try BufferedReader(device: bound, configuration: configuration, loop: loop, options: options,
                                            deliver: deliver, lost: { [unowned self] in self.lose($0) })
            } else {
                reader = try PolledReader(device: bound, configuration: configuration, loop: loop, options: options,
                                          deliver: deliver, lost: { [unowned self] in self.lose($0) })
            }
        } catch {
            throw SourceError("\(bound.sysname): \(error)")
        }
    }

    public func stop() {
        reader?.stop()
        reader = nil
    }

    public func readOnce() throws(SourceError) -> Vector3 {
        guard let bound, let configuration = bound.configuration else { throw SourceError("no accelerometer") }
        do {
            return configuration.gravity(raw: try RawReading.readOnce(sysname: bound.sysname))
        } catch {
            throw SourceError("\(bound.sysname): \(error)")
        }
    }

    private func bind(_ candidate: DiscoveredAccelerometer?) {
        guard let candidate, let configuration = candidate.configuration else { return }
        bound = candidate
        for note in configuration.notes { Log.warning("\(candidate.sysname): \(note)") }
        Log.info("\(candidate.sysname) (\(configuration.name)): \(candidate.isBuffered ? "buffered" : "polled"), "
                 + "mount matrix \(configuration.mountMatrix) from \(configuration.mountMatrixSource), "
                 + "\(configuration.location.rawValue) (\(configuration.locationSource))")
    }

    private func deviceEvent(_ action: String, _ device: Device) {
        switch action {
        case "remove":
            if device.syspath == bound?.syspath { lose("removed") }
        case "add", "change", "bind":
            guard bound == nil else { return }
            // Re-read from udev: the event itself may not carry the udev database properties.
            bind(AccelerometerDiscovery.select(AccelerometerDiscovery.scan(), pin: options.pin))
            if bound != nil { availabilityChanged?(true) }
        default:
            break
        }
    }

    /// The sensor is gone (remove uevent, or reads failing): stop and tell the hub.
    private func lose(_ reason: String) {
        guard let bound else { return }
        Log.warning("\(bound.sysname): \(reason); no accelerometer until one appears")
        reader?.stop()
        reader = nil
        self.bound = nil
        availabilityChanged?(false)
    }
}

/// A running read loop; `stop()` leaves the device as it was found.
protocol AccelerometerReader: AnyObject {
    func stop()
}

/// Reads `in_accel_*_raw` on a timer.
final class PolledReader: AccelerometerReader {
    private let configuration: AccelerometerConfiguration
    private let loop: EventLoop
    private let options: Options
    private let deliver: (Sample) -> Void
    private let lost: (String) -> Void
    private let context: IIOContext
    private let channels: [IIOChannel]
    private var timer: EventSource?
    private var failures = 0
    private var stopped = false
    private var movement: MovementTracker
    private var malformedLog = RateLimitedLog()
    typealias Options = IIOSource.Options

    init(device: DiscoveredAccelerometer, configuration: AccelerometerConfiguration, loop: EventLoop, options: Options,
         deliver: @escaping (Sample) -> Void, lost: @escaping (String) -> Void) throws {
        self.configuration = configuration
        self.loop = loop
        self.options = options
        self.deliver = deliver
        self.lost = lost
        movement = MovementTracker(options: options, now: loop.now)
        let iio: IIODevice
        (context, iio) = try openDevice(device.sysname)
        channels = try RawReading.channels(of: iio)
        poll()
    }

    func stop() {
        stopped = true
        timer?.cancel()
        timer = nil
    }

    private func poll() {
        let now = loop.now
        do {
            let raw = try RawReading.read(channels)
            failures = 0
            let gravity = configuration.gravity(raw: raw)
            movement.note(gravity, at: now)
            deliver(Sample(timeUs: Int64(now), gravity: gravity))
        } catch .malformed(let message) {
            malformedLog.warning("sample dropped: \(message)", now: now)
        } catch {
            failures += 1
            if failures >= options.failureLimit {
                lost("\(failures) reads failed in a row (\(error))")
                return
            }
        }
        guard !stopped else { return }  // stopped from inside deliver
        do {
            let interval = movement.isMoving(at: now) ? min(options.movingPollIntervalUs, options.pollIntervalUs)
                : options.pollIntervalUs
            timer = try loop.addTimer(at: now + interval) { [unowned self] in self.poll() }
        } catch {
            Log.error("cannot arm the poll timer: \(error)")
        }
    }
}
