import CallError
import CLibc
import IIO
import OrientationCore
import Systemd

/// Reads a triggered buffer through libiio: the accel channels (and the timestamp when the
/// device has one) are enabled, the buffer's poll fd wakes the loop when scans arrive, and
/// scans are then read in batches on a timer while they keep coming, so the daemon wakes at
/// most every `batchIntervalUs` and not for every sample. When a batch read finds nothing,
/// the loop waits on the fd again. While the scans show movement each scan is read as it
/// arrives (see `IIOSource.Options`). With the chip's motion detector (MotionInterrupt) the batches
/// at rest come seldom and a motion event brings one at once.
final class BufferedReader: AccelerometerReader {
    private let sysname: String
    private let configuration: AccelerometerConfiguration
    private let loop: EventLoop
    private let options: IIOSource.Options
    private let deliver: (Sample) -> Void
    private let lost: (String) -> Void
    /// The device is there but the buffer delivers nothing.
    private let stalled: () -> Void
    private let context: IIOContext
    private let device: IIODevice
    private let channels: [IIOChannel]
    private let timestamp: IIOChannel?
    private var buffer: IIOBuffer?
    private var fd: Int32 = -1
    private var watch: EventSource?
    private var batchTimer: (any Cancellable)?
    private var silenceTimer: (any Cancellable)?
    private let custody: DeviceCustody?
    private let udevDevice: Device
    private var failures = 0
    private var stopped = false
    private(set) var isPaused = false
    private var lastSampleUs: Int64 = 0
    private var samplePeriodUs: Int64 = 20_000
    private var movement: MovementTracker
    /// The buffer could not be created after the first answer was given (see `setUp`).
    private let cannotStart: (CallError) -> Void
    /// Between the first raw reading and the second, after which the buffer starts.
    private var startTimer: (any Cancellable)?
    private var motion: MotionInterrupt?
    /// Scans the buffer holds: at least about a second at the chosen rate, and two rest
    /// batches' worth, read in batches.
    private static let bufferScans = 64

    init(device discovered: DiscoveredAccelerometer, configuration: AccelerometerConfiguration, custody: DeviceCustody?, loop: EventLoop,
         options: IIOSource.Options, deliver: @escaping (Sample) -> Void, lost: @escaping (String) -> Void,
         stalled: @escaping () -> Void, cannotStart: @escaping (CallError) -> Void) throws(CallError) {
        sysname = discovered.sysname
        movement = MovementTracker(options: options, now: loop.now)
        self.configuration = configuration
        self.custody = custody
        udevDevice = discovered.device
        self.loop = loop
        self.options = options
        self.deliver = deliver
        self.lost = lost
        self.stalled = stalled
        self.cannotStart = cannotStart
        let device: IIODevice
        (context, device) = try openDevice(discovered.sysname)
        self.device = device
        channels = try AccelerometerConfiguration.axisNames.map { axis throws(CallError) in
            guard let channel = device.channel("accel_\(axis)"), channel.isScanElement else {
                throw CallError(call: "find scan element accel_\(axis) of \(discovered.sysname)", errno: ENODEV)
            }
            return channel
        }
        timestamp = device.channel("timestamp").flatMap { $0.isScanElement ? $0 : nil }
        do {
            try setUp()
        } catch {
            // What setUp changed before it failed (libiio writes buffer/length first) goes back.
            stop()
            throw error
        }
    }

    private func setUp() throws(CallError) {
        // A buffer left enabled (a crashed run, another reader that died) would make
        // enabling fail with EBUSY; the channel layout cannot change while it runs.
        if (try? device.readAttribute("buffer/enable")) == "1" {
            Log.notice("\(sysname): buffer was left enabled, disabling it first")
            try device.writeAttribute("buffer/enable", "0")
        }
        rememberOriginals()
        useMonotonicTimestamps()
        chooseTrigger()
        chooseSamplingFrequency()
        try startFromRaw()
    }

    /// The first answer comes from the raw attributes, as a polled device gives it: two
    /// readings `confirmIntervalUs` apart (the classifier's first-answer window). The buffer
    /// starts after the second; its first scans would otherwise be the second sample, and the
    /// first of them comes right after the buffer is enabled, too soon to count.
    private func startFromRaw() throws(CallError) {
        guard let first = rawSample() else {
            try startBuffer()
            return
        }
        deliverRaw(first)
        do {
            startTimer = try loop.addTimer(at: UInt64(first.timeUs) + options.confirmIntervalUs) { [unowned(unsafe) self] in
                self.startTimer = nil
                self.confirmAndStart()
            }
        } catch {
            try startBuffer()
        }
    }

    private func confirmAndStart() {
        guard !stopped, !isPaused else { return }
        if let second = rawSample() {
            deliverRaw(second)
            if stopped { return }
        }
        do {
            try startBuffer()
        } catch {
            cannotStart(error)
        }
    }

    private func startBuffer() throws(CallError) {
        for channel in channels { channel.enable() }
        timestamp?.enable()
        let detector = MotionInterrupt.enableAttributes(of: udevDevice)
        let restUs = Int64(detector.isEmpty ? options.batchIntervalUs : options.motionRestIntervalUs)
        let buffer = try device.createBuffer(samples: max(Self.bufferScans, Int(2 * restUs / max(samplePeriodUs, 1)))) {
            Log.warning($0)
        }
        try buffer.setBlocking(false)
        fd = try buffer.pollDescriptor()
        self.buffer = buffer
        if !detector.isEmpty {
            motion = MotionInterrupt(device: udevDevice, sysname: sysname, attributes: detector, chardev: fd, custody: custody, loop: loop,
                                     options: options) { [unowned(unsafe) self] in self.motionDetected() }
        }
        waitForData()
        Log.debug("\(sysname): buffer enabled\(timestamp == nil ? "" : " with timestamps")")
    }

    /// A reading of the raw attributes, which answer before the buffer runs (drivers refuse
    /// them while it does); nil for a device whose raw attributes fail or give garbage (it
    /// starts its buffer at once).
    private func rawSample() -> Sample? {
        guard let raw = try? RawReading.read(channels) else { return nil }
        return Sample(timeUs: Int64(loop.clock), gravity: configuration.gravity(raw: raw))
    }

    private func deliverRaw(_ sample: Sample) {
        lastSampleUs = sample.timeUs
        if movement.note(sample.gravity, at: UInt64(sample.timeUs)) { motion?.readingMoved() }
        deliver(sample)
    }

    /// Everything `setUp` may change, saved before it changes (see DeviceCustody). The buffer
    /// itself is not: orientd always leaves it off.
    private func rememberOriginals() {
        guard let custody else { return }
        var attributes = ["trigger/current_trigger", "sampling_frequency", "current_timestamp_clock", "buffer/length", "buffer/watermark"]
        for channel in channels + (timestamp.map { [$0] } ?? []) { attributes.append("scan_elements/in_\(channel.id)_en") }
        custody.remember(attributes.compactMap { attribute in (try? device.readAttribute(attribute)).map { (attribute, $0) } })
    }

    /// Scan timestamps follow CLOCK_REALTIME unless `current_timestamp_clock` says otherwise,
    /// and the wall clock steps (NTP, the RTC read after resume, an administrator). The
    /// monotonic clock never steps; the original clock is put back on stop. (A step that still
    /// arrives counts as a gap in the classifier: filters restart, the pose stays.)
    private func useMonotonicTimestamps() {
        guard timestamp != nil, let clock = try? device.readAttribute("current_timestamp_clock"), clock != "monotonic" else { return }
        do {
            try device.writeAttribute("current_timestamp_clock", "monotonic")
            Log.debug("\(sysname): scan timestamps on the monotonic clock (was \(clock))")
        } catch {
            Log.warning("\(sysname): cannot set current_timestamp_clock to monotonic: \(error), ignoring")
        }
    }

    /// HID sensor hubs and many drivers need their own data-ready trigger, named
    /// `<name>-devN`, before the buffer can run.
    private func chooseTrigger() {
        guard device.currentTrigger == nil else { return }
        let suffix = "-dev" + sysname.dropFirst("iio:device".count)
        let triggers = context.devices.filter { $0.isTrigger && ($0.name ?? "").hasSuffix(suffix) }
        let preferred = triggers.first { $0.name == configuration.name + suffix } ?? (triggers.count == 1 ? triggers.first : nil)
        guard let trigger = preferred else { return }
        do {
            try device.setTrigger(trigger)
            Log.debug("\(sysname): trigger \(trigger.name ?? trigger.id)")
        } catch where error.errno == ENOENT || error.errno == ENODEV {
            Log.debug("\(sysname): cannot set trigger: the device is gone")
        } catch {
            Log.warning("\(sysname): cannot set trigger \(trigger.name ?? trigger.id): \(error), ignoring")
        }
    }

    private func chooseSamplingFrequency() {
        guard let current = try? device.readAttribute("sampling_frequency") else { return }
        if let hz = try? DecimalNumber.parseDouble(current), hz > 0 { samplePeriodUs = Int64(1_000_000 / hz) }
        guard let availableText = try? device.readAttribute("sampling_frequency_available") else { return }
        let available = availableText.utf8.split(separator: 0x20).compactMap { try? DecimalNumber.parseDouble(Substring($0)) }
            .filter { $0 > 0 }.sorted()
        guard let choice = available.first(where: { $0 >= options.preferredSamplingHz }) ?? available.last else { return }
        if let hz = try? DecimalNumber.parseDouble(current), hz == choice { return }
        do {
            try device.writeAttribute("sampling_frequency", formatHz(choice))
            samplePeriodUs = Int64(1_000_000 / choice)
            Log.debug("\(sysname): sampling frequency \(formatHz(choice)) Hz (was \(current))")
        } catch {
            Log.warning("\(sysname): cannot set sampling frequency \(formatHz(choice)): \(error), ignoring")
        }
    }

    private func formatHz(_ hz: Double) -> String {
        hz == hz.rounded() ? String(Int(hz)) : String(hz)
    }

    func stop() {
        guard !stopped else { return }
        stopped = true
        startTimer?.cancel()
        startTimer = nil
        motion?.stop()
        motion = nil
        watch?.cancel()
        watch = nil
        batchTimer?.cancel()
        batchTimer = nil
        silenceTimer?.cancel()
        silenceTimer = nil
        buffer = nil  // iio_buffer_destroy: buffer/enable back to 0, device node closed
        for channel in channels { channel.disable() }
        timestamp?.disable()
        // Written as sysfs files (not through libiio, which knows no `buffer/length` attribute
        // and answers ENOENT): an empty value detaches the trigger.
        custody?.restore { attribute, value in
            do throws(CallError) {
                try udevDevice.setAttribute(attribute, value)
                return true
            } catch where error.errno == ENOENT || error.errno == ENODEV {
                return true  // the device is gone: nothing left to put back
            } catch {
                Log.warning("\(sysname): cannot restore \(attribute)=\(value): \(error)")
                return false
            }
        }
        Log.debug("\(sysname): buffer disabled, attributes restored")
    }

    /// Keeps the context, the attributes set up, the buffer, its trigger and the motion
    /// detector; no watch, no timer. Paused in its raw start, it starts from the raw readings
    /// again on resume.
    func pause() -> Bool {
        guard !stopped else { return false }
        isPaused = true
        startTimer?.cancel()
        startTimer = nil
        watch?.cancel()
        watch = nil
        batchTimer?.cancel()
        batchTimer = nil
        silenceTimer?.cancel()
        silenceTimer = nil
        return true
    }

    /// Scans queued while paused are up to a linger old: they are dropped, and the reads
    /// start as after a fresh start.
    func resume() {
        guard isPaused, !stopped else { return }
        isPaused = false
        movement = MovementTracker(options: options, now: loop.now)
        lastSampleUs = 0
        failures = 0
        guard let buffer else {
            do {
                try startFromRaw()
            } catch {
                cannotStart(error)
            }
            return
        }
        for _ in 0..<Self.drainLimit {
            guard let n = try? buffer.refill(), n > 0 else { break }
        }
        waitForData()
    }

    /// Refills of a paused buffer's stale scans at most: a full buffer empties in one or two.
    private static let drainLimit = 8

    /// The chip says the device moves: read the batch now (unless fast batches already run,
    /// or the stream is silent and its first scan wakes the loop anyway), then fast batches
    /// until it rests.
    private func motionDetected() {
        guard !stopped, !isPaused else { return }
        let now = loop.now
        let alreadyFast = movement.isMoving(at: now)
        movement.detectorFired(at: now)
        guard !alreadyFast, let pending = batchTimer else { return }
        Log.debug("motion: reading now")
        pending.cancel()
        batchTimer = nil
        readBatch()
    }

    private func waitForData() {
        do {
            watch = try loop.addIO(fd: fd, events: UInt32(POLLIN)) { [unowned(unsafe) self] _ in
                self.watch?.cancel()
                self.watch = nil
                self.readBatch(wokenByData: true)
            }
            // Silence counts from the last scan, not the last wake-up: a node that polls
            // readable but gives nothing (EAGAIN) is as silent as one that never wakes.
            if silenceTimer == nil { watchSilence(afterUs: Self.silenceUs) }
        } catch {
            lost("cannot watch the buffer: \(error)")
        }
    }

    /// A triggered buffer delivers at its sampling rate (50 scans in a second at the rate
    /// orientd picks); a second without scans means the sensor may be gone without an error
    /// on the node (libiio holds the node open, and a vanished device can leave it silent), or
    /// its trigger stopped. Probe the device's sysfs directory then, every 200 ms while the
    /// silence lasts; failed probes count toward `failureLimit`; a device still present is
    /// reported as stalled (IIOSource re-arms the buffer, then falls back to polled reads).
    private static let silenceUs: UInt64 = 1_000_000
    private static let probeUs: UInt64 = 200_000

    private func watchSilence(afterUs delay: UInt64) {
        do {
            silenceTimer = try loop.addTimer(afterUs: delay) { [unowned(unsafe) self] in
                self.silenceTimer = nil
                self.probe()
            }
        } catch {
            Log.error("cannot arm the silence timer: \(error)")
        }
    }

    private func probe() {
        guard !stopped else { return }
        do {
            _ = try device.readAttribute("buffer/enable")
            failures = 0
            stalled()
        } catch {
            failures += 1
            if failures >= options.failureLimit {
                lost("no scans, and \(failures) probes failed in a row (\(error))")
                return
            }
            watchSilence(afterUs: Self.probeUs)
        }
    }

    /// Reads everything waiting; keeps reading on a timer while data keeps coming.
    /// `wokenByData`: the node polled readable. If it then had nothing (reads answer EAGAIN)
    /// the node is watched again only after a batch interval, or a level-triggered readable
    /// node would wake the loop without end.
    private func readBatch(wokenByData: Bool = false) {
        guard !stopped, let buffer else { return }
        var scans = 0
        do {
            while true {
                let n = try buffer.refill()
                if n == 0 { break }
                scans += n
                if scans == n { silenceTimer?.cancel(); silenceTimer = nil }
                decode(buffer)
                if stopped { return }
                if n < Self.bufferScans { break }
            }
            failures = 0
        } catch {
            failures += 1
            if failures >= options.failureLimit {
                lost("\(failures) buffer reads failed in a row (\(error))")
                return
            }
        }
        if scans == 0 && failures == 0 && !wokenByData {
            waitForData()
            return
        }
        if scans == 0 && failures == 0 {
            do {
                batchTimer = try loop.addTimer(afterUs: options.batchIntervalUs) { [unowned(unsafe) self] in
                    self.batchTimer = nil
                    self.waitForData()
                }
            } catch {
                Log.error("cannot arm the batch timer: \(error)")
            }
            return
        }
        if movement.isMoving(at: loop.now) {
            // Each scan as the kernel hands it over: a timer at the sampling period would
            // sometimes wake just before a scan and wait a whole period more for it.
            waitForData()
            return
        }
        let rest = motion?.isOn == true ? options.motionRestIntervalUs : options.batchIntervalUs
        do {
            batchTimer = try loop.addTimer(afterUs: rest) { [unowned(unsafe) self] in
                self.batchTimer = nil
                self.readBatch()
            }
        } catch {
            Log.error("cannot arm the batch timer: \(error)")
        }
    }

    private func decode(_ buffer: IIOBuffer) {
        let now = Int64(loop.now)
        var batch: [(raw: (Int64, Int64, Int64), stampNs: Int64?)] = []
        buffer.forEachScan(timestamp.map { channels + [$0] } ?? channels) { values in
            batch.append(((values[0], values[1], values[2]), values.count > 3 ? values[3] : nil))
        }
        for (index, scan) in batch.enumerated() {
            // The kernel's timestamp when there is one; otherwise spread the batch back from
            // now at the sampling period, so the classifier's time windows stay right.
            var timeUs = scan.stampNs.map { $0 / 1000 } ?? now - Int64(batch.count - 1 - index) * samplePeriodUs
            if timeUs <= lastSampleUs && scan.stampNs == nil { timeUs = lastSampleUs + 1 }
            lastSampleUs = timeUs
            let gravity = configuration.gravity(raw: scan.raw)
            if movement.note(gravity, at: UInt64(now)) { motion?.readingMoved() }
            deliver(Sample(timeUs: timeUs, gravity: gravity))
            if stopped { return }
        }
    }
}
