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
        bound?.device.property(Contract.Orientation1.supportedOrientationsProperty)
    }

    private let loop: EventLoop
    private let options: Options
    private var bound: DiscoveredAccelerometer?
    private var custody: DeviceCustody?
    private var deliver: ((Sample) -> Void)?
    /// Reads failed; a retry timer tests the device until it answers again.
    private var failing = false
    private var retry: (any Cancellable)?
    private var retryDelayUs: UInt64 = 0
    /// How often this binding's buffer stalled while the device stayed present.
    private var stalls = 0
    /// What binding and losing the sensor say: at most a few lines per ten seconds, however
    /// often udev adds and removes devices.
    private var hotplugLog = RateLimitedLog(intervalUs: 10_000_000, burst: 8)
    private var monitor: DeviceMonitor?
    private var reader: AccelerometerReader?
    /// The libiio context of one-shot reads while `keepOneShotReadsOpen(true)` (the posture
    /// hub reads twice a second at its low rate; a fresh context loads libiio and scans sysfs).
    private var oneShot: (context: IIOContext, channels: [IIOChannel])?
    private var keepsOneShotReadsOpen = false

    public func keepOneShotReadsOpen(_ keep: Bool) {
        keepsOneShotReadsOpen = keep
        if !keep { oneShot = nil }
    }

    public init(loop: EventLoop, options: Options) {
        self.loop = loop
        self.options = options
        do {
            monitor = try DeviceMonitor(loop: loop, subsystem: "iio") { [unowned(unsafe) self] action, device in
                self.deviceEvent(action, device)
            }
        } catch {
            Log.warning("cannot watch IIO hotplug: \(error), ignoring")
        }
        bind(AccelerometerDiscovery.select(AccelerometerDiscovery.scan(), pin: options.pin, location: options.location, report: report))
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
        do {
            if bound.isBuffered && stalls < 2 {
                reader = try BufferedReader(device: bound, configuration: configuration, custody: custody, loop: loop, options: options,
                                            deliver: deliver, lost: { [unowned(unsafe) self] in self.readsFailed($0) },
                                            stalled: { [unowned(unsafe) self] in self.bufferStalled() },
                                            cannotStart: { [unowned(unsafe) self] in self.bufferCannotRun($0) })
            } else {
                reader = try PolledReader(device: bound, configuration: configuration, custody: custody, loop: loop, options: options,
                                          deliver: deliver, lost: { [unowned(unsafe) self] in self.readsFailed($0) })
            }
        } catch {
            if bound.isBuffered && stalls < 2 && bound.device.attribute("name") != nil {
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

    /// Reads fail (EIO, EOF, a node that vanished without a remove event): the sensor counts
    /// as unavailable while a retry with back-off tests it; it comes back by itself. Callers
    /// keep their references meanwhile. Logged once per episode.
    private func readsFailed(_ reason: String) {
        reader?.stop()
        reader = nil
        guard let bound, !failing else { return }
        failing = true
        retryDelayUs = options.retryInitialUs
        report(Log.warning, "\(bound.sysname): \(reason); no accelerometer while reads fail, retrying")
        availabilityChanged?(false)
        scheduleRetry()
    }

    private func scheduleRetry() {
        do {
            retry = try loop.addTimer(afterUs: retryDelayUs) { [unowned(unsafe) self] in
                self.retry = nil
                self.retryRead()
            }
        } catch {
            Log.error("cannot arm the read retry timer: \(error)")
        }
    }

    private func retryRead() {
        guard let bound, failing else { return }
        do {
            _ = try RawReading.readOnce(sysname: bound.sysname)
        } catch {
            retryDelayUs = min(retryDelayUs * 2, options.retryMaxUs)
            scheduleRetry()
            return
        }
        failing = false
        report(Log.notice, "\(bound.sysname): reads work again")
        availabilityChanged?(true)
    }

    /// The device is there but its buffer cannot run (a driver without an interrupt line
    /// registers no trigger: EINVAL): the raw attributes are read instead.
    private func polledInstead(of error: CallError) throws(SourceError) {
        guard let bound, let deliver else { return }
        stalls = 2
        report(Log.warning, "\(bound.sysname): cannot run the buffer (\(error)); reading the raw attributes instead")
        try start(deliver: deliver)
    }

    /// The same, found after the buffered reader gave its first answer.
    private func bufferCannotRun(_ error: CallError) {
        reader?.stop()
        reader = nil
        do {
            try polledInstead(of: error)
        } catch {
            Log.error("\(error)")
        }
    }

    /// The buffer delivers nothing though the device is present (a trigger that stopped, a
    /// driver that lost its interrupt): re-arm it once, then read the raw attributes instead.
    private func bufferStalled() {
        guard let bound, let deliver else { return }
        stalls += 1
        reader?.stop()
        reader = nil
        if stalls == 1 {
            Log.warning("\(bound.sysname): the buffer delivers no scans; re-arming it")
        } else {
            Log.warning("\(bound.sysname): the buffer still delivers no scans; falling back to polled reads")
        }
        do {
            try start(deliver: deliver)
        } catch {
            Log.error("\(error)")
        }
    }

    public func readOnce() throws(SourceError) -> Vector3 {
        guard let bound, let configuration = bound.configuration else { throw SourceError("no accelerometer") }
        // Drivers refuse the raw attributes while a buffer runs: a lingering one goes.
        if let reader, reader.isPaused, reader is BufferedReader { stop() }
        guard keepsOneShotReadsOpen else {
            do {
                return configuration.gravity(raw: try RawReading.readOnce(sysname: bound.sysname))
            } catch {
                throw SourceError("\(bound.sysname): \(error)")
            }
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
        do {
            return configuration.gravity(raw: try RawReading.read(oneShot!.channels))
        } catch {
            oneShot = nil
            throw SourceError("\(bound.sysname): \(error)")
        }
    }

    private func bind(_ candidate: DiscoveredAccelerometer?) {
        guard let candidate, let configuration = candidate.configuration else { return }
        // Reading changes device attributes (the buffer's set-up, the motion detector's
        // enable): the device is taken into custody, and what a crashed run left goes back.
        let hasDetector = !candidate.motionDetector.isEmpty
        if candidate.isBuffered || hasDetector {
            do {
                custody = try DeviceCustody(sysname: candidate.sysname, directory: options.runtimeDirectory)
            } catch {
                Log.error("\(candidate.sysname): \(error); not reading it")
                return
            }
            restoreLeftovers(candidate)
        }
        bound = candidate
        for note in configuration.notes { report(Log.warning, "\(candidate.sysname): \(note)") }
        report(Log.info, "\(candidate.sysname) (\(configuration.name)): \(candidate.isBuffered ? "buffered" : "polled")\(hasDetector ? " with a motion detector" : ""), "
                 + "mount matrix \(configuration.mountMatrix) from \(configuration.mountMatrixSource), "
                 + "\(configuration.location.rawValue) (\(configuration.locationSource))")
    }

    /// Puts back what a run that did not end cleanly changed, and stops a buffer that nobody
    /// reads (this run holds the device's lock, so no other orientd owns it).
    private func restoreLeftovers(_ candidate: DiscoveredAccelerometer) {
        guard let custody else { return }
        let leftovers = custody.leftovers()
        if !leftovers.isEmpty {
            custody.adopt(leftovers)
            custody.restore { attribute, value in write(candidate, attribute, value) }
            report(Log.notice, "\(candidate.sysname): restored the attributes a previous run left changed: "
                       + leftovers.map { "\($0.attribute)=\($0.value)" }.joined(separator: ", "))
        }
        if candidate.device.attribute("buffer/enable") == "1" {
            report(Log.notice, "\(candidate.sysname): buffer was left enabled with no reader, disabling it")
            _ = write(candidate, "buffer/enable", "0")
        }
    }

    private func write(_ candidate: DiscoveredAccelerometer, _ attribute: String, _ value: String) -> Bool {
        do {
            try candidate.device.setAttribute(attribute, value)
            return true
        } catch {
            report(Log.warning, "\(candidate.sysname): cannot restore \(attribute)=\(value): \(error)")
            return false
        }
    }

    private func deviceEvent(_ action: String, _ device: Device) {
        switch action {
        case "remove":
            if device.syspath == bound?.syspath { lose("removed") }
        case "change" where device.syspath == bound?.syspath:
            reconfigure()
        case "add", "change", "bind":
            guard bound == nil else { return }
            // Re-read from udev: the event itself may not carry the udev database properties.
            bind(AccelerometerDiscovery.select(AccelerometerDiscovery.scan(), pin: options.pin, location: options.location, report: report))
            if bound != nil { availabilityChanged?(true) }
        default:
            break
        }
    }

    public func refresh() { reconfigure() }

    /// A `change` event for the bound sensor (an administrator edited hwdb and ran `udevadm
    /// trigger`): read its configuration again and apply it without dropping anyone's
    /// references; a reader that runs restarts with it.
    private func reconfigure() {
        guard let bound, let old = bound.configuration else { return }
        guard let fresh = AccelerometerDiscovery.scan().first(where: { $0.syspath == bound.syspath }),
              let new = fresh.configuration else {
            lose("its configuration is refused after a change event")
            return
        }
        var changes: [String] = []
        if new.mountMatrix != old.mountMatrix {
            changes.append("mount matrix \(old.mountMatrix) -> \(new.mountMatrix) (\(new.mountMatrixSource))")
        }
        if new.location != old.location {
            changes.append("location \(old.location.rawValue) -> \(new.location.rawValue) (\(new.locationSource))")
        }
        if new.axes != old.axes { changes.append("scale or offset") }
        let supportedKey = Contract.Orientation1.supportedOrientationsProperty
        let supportedChanged = fresh.device.property(supportedKey) != bound.device.property(supportedKey)
        guard !changes.isEmpty else {
            if supportedChanged {
                // Only what the screen may take changed: the reader keeps running.
                Log.info("\(bound.sysname): udev \(supportedKey) changed")
                self.bound = fresh
                configurationChanged?()
            } else {
                Log.debug("\(bound.sysname): change event, configuration unchanged")
            }
            return
        }
        if new.location != options.location && options.pin == nil {
            lose("now a \(new.location.rawValue) accelerometer (\(new.locationSource))")
            return
        }
        Log.info("\(bound.sysname): configuration changed: \(changes.joined(separator: ", ")); applied")
        self.bound = fresh
        if supportedChanged { configurationChanged?() }
        guard let running = reader, let deliver else { return }
        running.stop()
        reader = nil
        // A paused reader starts with the new configuration when it is wanted again.
        if running.isPaused { return }
        do {
            try start(deliver: deliver)
        } catch {
            Log.error("\(error)")
        }
    }

    private func report(_ write: (String) -> Void, _ message: String) {
        hotplugLog.log(write, message, now: loop.now)
    }

    /// The sensor is gone (remove uevent, or reads failing): stop and tell the hub.
    private func lose(_ reason: String) {
        guard let bound else { return }
        report(Log.warning, "\(bound.sysname): \(reason); no accelerometer until one appears")
        reader?.stop()
        reader = nil
        self.bound = nil
        oneShot = nil
        custody = nil
        failing = false
        retry = nil
        stalls = 0
        availabilityChanged?(false)
    }
}

