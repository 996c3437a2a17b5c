import CallError
import CLibc
import IIO
import OrientationCore
import Systemd

/// IIO accelerometers: found with sd-device, read with libiio, watched for hotplug.
/// Buffered when the device has a triggered buffer, polled otherwise; nothing runs while
/// stopped.
public final class IIOSource: SampleSource {
    public typealias Options = ReaderOptions

    public var availabilityChanged: ((Bool) -> Void)?
    public var configurationChanged: (() -> Void)?
    public var name: String { bound.map { "\($0.sysname) (\($0.configuration?.name ?? "?"))" } ?? "iio (no accelerometer)" }
    /// Bound and readable: false while reads fail (they are retried; see `readsFailed`).
    public var isAvailable: Bool { bound != nil && !failing }
    public var supportedOrientations: String? {
        bound?.device.property(Contract.Udev.supportedOrientations)
    }

    let loop: any Timers
    let options: Options
    /// The accelerometer bound (AccelerometerDiscovery's selection with the pin and location),
    /// followed through hotplug: a change event reconfigures it, an add of it re-arms its buffer.
    let binding: DeviceBinding<DiscoveredAccelerometer>
    var bound: DiscoveredAccelerometer? { binding.bound }
    var custody: DeviceCustody?
    var deliver: ((Sample) -> Void)?
    /// Reads failed; a retry timer tests the device until it answers again.
    var failing = false
    var retry: (any Cancellable)?
    var retryDelayUs: UInt64 = 0
    /// How often this binding's buffer stalled while the device stayed present.
    var stalls = 0
    /// What binding and losing the sensor say: at most a few lines per ten seconds, however
    /// often udev adds and removes devices.
    var hotplugLog = RateLimitedLog(intervalUs: 10_000_000, burst: 8)
    var reader: AccelerometerReader?
    /// The libiio context of one-shot reads while `keepOneShotReadsOpen(true)` (the posture
    /// hub reads twice a second at its low rate; a fresh context loads libiio and scans sysfs).
    var oneShot: (context: IIOContext, channels: [IIOChannel])?
    var keepsOneShotReadsOpen = false
    /// The bound device's steady length against g (a missing or wrong scale); new per binding.
    var lengthScale = SteadyLengthScale(scaleKnown: true)
    var loggedFoundScale = false
    /// The last one-shot reading of a buffer-only device and when it was taken (µs).
    var lastBufferOneShot: (atUs: UInt64, result: Result<Vector3, SourceError>)?

    public func keepOneShotReadsOpen(_ keep: Bool) {
        keepsOneShotReadsOpen = keep
        if !keep { oneShot = nil }
    }

    public convenience init(loop timers: any Timers, options: Options) {
        self.init(timers: timers, options: options, scan: AccelerometerDiscovery.scan,
                  hotplug: DeviceBinding<DiscoveredAccelerometer>.udev(timers, ["iio"], role: "accelerometer"))
    }

    /// `hotplug` starts watching udev's IIO events before the first scan, so none is lost
    /// between the two (tests answer none and call `binding.deviceEvent` themselves).
    init(timers: any Timers, options: Options, scan: @escaping () -> [DiscoveredAccelerometer],
         hotplug: (_ handler: @escaping (_ action: String, _ syspath: String) -> Void) -> [any Cancellable]) {
        loop = timers
        self.options = options
        binding = DeviceBinding(absence: "accelerometer", scan: scan)
        binding.select = { [unowned(unsafe) self] in
            AccelerometerDiscovery.select($0, pin: options.pin, location: options.location, report: self.report)
        }
        binding.accept = { [unowned(unsafe) self] in self.take($0) }
        binding.report = { [unowned(unsafe) self] in self.report($0, $1) }
        binding.boundChanged = { [unowned(unsafe) self] in self.reconfigure() }
        binding.boundAddedAgain = { [unowned(unsafe) self] in self.deviceAddedAgain() }
        binding.changed = { [unowned(unsafe) self] present in
            if !present { self.dropReading() }
            self.availabilityChanged?(present)
        }
        binding.watch(hotplug)
        if bound == nil {
            Log.info(options.pin.map { "no usable IIO accelerometer \($0) yet, waiting for it" }
                     ?? "no usable IIO \(options.location.rawValue) accelerometer yet, waiting for one")
        }
    }

    public func start(deliver: @escaping (Sample) -> Void) throws(SourceError) {
        if let reader {
            // Back within the stop linger: the same set-up reads again (deliver is the same hub's).
            if reader.isPaused { reader.resume() }
            return
        }
        guard let bound, let configuration = bound.configuration, !failing else { throw SourceError("no accelerometer") }
        self.deliver = deliver
        let scaled: (Sample) -> Void = { [unowned(unsafe) self] sample in
            if let reading = self.steadyScaled(sample.gravity) { deliver(Sample(timeUs: sample.timeUs, gravity: reading)) }
        }
        let links = ReaderLinks(loop: loop, options: options, deliver: scaled, lost: { [unowned(unsafe) self] in self.readsFailed($0) })
        do {
            if bound.isBuffered && stalls < 2 {
                reader = try BufferedReader(device: bound, configuration: configuration, custody: custody, links: links,
                                            stalled: { [unowned(unsafe) self] in self.bufferStalled() },
                                            cannotStart: { [unowned(unsafe) self] in self.bufferCannotRun($0) })
            } else {
                reader = try PolledReader(device: bound, configuration: configuration, custody: custody, links: links)
            }
        } catch {
            // A device that vanished (its remove event may be late or lost) is not a buffer
            // that cannot run: it is read again once it answers, buffered.
            if bound.isBuffered && stalls < 2 && isListed(bound) {
                reader = nil
                try polledInstead(of: error)
                return
            }
            readsFailed("cannot start reading: \(error)")
            throw SourceError("\(bound.sysname): \(error)")
        }
    }

    public func stop() {
        reader?.stop()
        reader = nil
        deliver = nil
    }

    public func pause() {
        if let reader, !reader.pause() { self.reader = nil }
    }

    public func readOnce() throws(SourceError) -> Vector3 {
        guard let bound, let configuration = bound.configuration else { throw SourceError("no accelerometer") }
        // Drivers refuse the raw attributes while a buffer runs: a lingering one goes.
        if let reader, reader.isPaused, reader is BufferedReader { stop() }
        if !configuration.hasRawAttributes {
            // A buffer one-shot blocks the loop until its scan comes (at most
            // `firstScanTimeoutMs`): repeated property reads within the spacing get the last
            // answer, so no caller can keep the loop waiting on a silent buffer.
            if let last = lastBufferOneShot, loop.now < last.atUs + BufferOneShot.minimumSpacingUs {
                return try last.result.get()
            }
            let result: Result<Vector3, SourceError>
            do throws(CallError) {
                let raw = try BufferOneShot.read(bound, configuration, custody: custody)
                do throws(SourceError) {
                    result = .success(try oneShotScaled(raw))
                } catch {
                    result = .failure(error)
                }
            } catch {
                result = .failure(SourceError("\(bound.sysname): \(error)"))
            }
            lastBufferOneShot = (loop.now, result)
            return try result.get()
        }
        guard keepsOneShotReadsOpen else {
            let reading: Vector3
            do {
                reading = configuration.gravity(raw: try RawReading.readOnce(sysname: bound.sysname))
            } catch {
                throw SourceError("\(bound.sysname): \(error)")
            }
            return try oneShotScaled(reading)
        }
        if oneShot == nil {
            let opened: (IIOContext, IIODevice)
            do {
                opened = try openDevice(bound.sysname)
            } catch {
                throw SourceError("\(bound.sysname): \(error)")
            }
            do {
                oneShot = (opened.0, try RawReading.channels(of: opened.1))
            } catch {
                throw SourceError("\(bound.sysname): \(error)")
            }
        }
        let reading: Vector3
        do {
            reading = configuration.gravity(raw: try RawReading.read(oneShot!.channels))
        } catch {
            oneShot = nil
            throw SourceError("\(bound.sysname): \(error)")
        }
        return try oneShotScaled(reading)
    }
}
