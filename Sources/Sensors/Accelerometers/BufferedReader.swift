import CallError
import CLibc
import IIO
import OrientationCore
import Systemd

/// Reads a triggered buffer through libiio: the accel channels (and the timestamp when the
/// device has one) are enabled and read by a `ScanStream` (the buffered read path every
/// buffered reader shares: the poll fd, batches on a timer while scans keep coming, EAGAIN),
/// so the daemon wakes at most every `batchIntervalUs` at rest and not for every sample.
/// While the scans show movement each scan is read as it arrives (see `IIOSource.Options`).
/// With the chip's motion detector (MotionInterrupt) the batches at rest come seldom and a
/// motion event brings one at once.
final class BufferedReader: AccelerometerReader {
    let sysname: String
    let configuration: AccelerometerConfiguration
    let loop: any Timers
    let options: IIOSource.Options
    let deliver: (Sample) -> Void
    let lost: (String) -> Void
    /// The device is there but the buffer delivers nothing.
    let stalled: () -> Void
    /// The axes and, when the device has one, the timestamp, through the buffer.
    let session: ScanSession
    /// The three axes (their raw attributes give the first answers).
    let channels: [IIOChannel]
    let timestamp: IIOChannel?
    var device: IIODevice { session.device }
    /// The reads while the buffer runs (nil before it starts).
    var stream: ScanStream?
    var silenceTimer: (any Cancellable)?
    let custody: DeviceCustody?
    let udevDevice: any SysfsDevice
    var stopped = false
    private(set) var isPaused = false
    var lastSampleUs: Int64 = 0
    var samplePeriodUs: Int64 = 20_000
    var movement: MovementTracker
    /// The buffer could not be created after the first answer was given (see `setUp`).
    let cannotStart: (CallError) -> Void
    /// Between the first raw reading and the second, after which the buffer starts.
    var startTimer: (any Cancellable)?
    var motion: MotionInterrupt?
    /// Scans the buffer holds: at least about a second at the chosen rate, and two rest
    /// batches' worth, read in batches.
    static let bufferScans = 64

    init(device discovered: DiscoveredAccelerometer, configuration: AccelerometerConfiguration, custody: DeviceCustody?, links: ReaderLinks,
         stalled: @escaping () -> Void, cannotStart: @escaping (CallError) -> Void) throws(CallError) {
        (sysname, udevDevice, self.configuration, self.custody) = (discovered.sysname, discovered.device, configuration, custody)
        (loop, options, deliver, lost) = (links.loop, links.options, links.deliver, links.lost)
        (self.stalled, self.cannotStart) = (stalled, cannotStart)
        movement = MovementTracker(options: links.options, now: links.loop.now)
        session = try ScanSession(accelerometer: discovered.sysname, configuration, timestamp: true)
        channels = Array(session.channels.prefix(3))
        timestamp = session.channels.count > 3 ? session.channels[3] : nil
        do {
            try setUp()
        } catch {
            // What setUp changed before it failed (libiio writes buffer/length first) goes back.
            stop()
            throw error
        }
    }

    func setUp() throws(CallError) {
        rememberOriginals()
        useMonotonicTimestamps()
        session.chooseTrigger(name: configuration.name)
        chooseSamplingFrequency()
        try startFromRaw()
    }

    /// The first answer comes from the raw attributes, as a polled device gives it: two
    /// readings `confirmIntervalUs` apart (the classifier's first-answer window). The buffer
    /// starts after the second; its first scans would otherwise be the second sample, and the
    /// first of them comes right after the buffer is enabled, too soon to count.
    func startFromRaw() throws(CallError) {
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

    func confirmAndStart() {
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

    func startBuffer() throws(CallError) {
        let detector = MotionInterrupt.enableAttributes(of: udevDevice)
        let restUs = Int64(detector.isEmpty ? options.batchIntervalUs : options.motionRestIntervalUs)
        let reader = ScanStream.Reader(take: { [unowned(unsafe) self] in self.take($0) }, pacing: { [unowned(unsafe) self] in self.pacing() },
                                       lost: { [unowned(unsafe) self] in self.lost($0) }, waiting: { [unowned(unsafe) self] in self.waiting() })
        let stream = try ScanStream(session: session, scans: max(Self.bufferScans, Int(2 * restUs / max(samplePeriodUs, 1))), loop: loop,
                                    quietUs: options.batchIntervalUs, failureLimit: options.failureLimit, reader: reader)
        self.stream = stream
        if !detector.isEmpty {
            motion = MotionInterrupt(device: udevDevice, attributes: detector, chardev: session.fd, custody: custody, loop: loop,
                                     options: options) { [unowned(unsafe) self] in self.motionDetected() }
        }
        stream.waitForData()
        Log.debug("\(sysname): buffer enabled\(timestamp == nil ? "" : " with timestamps")")
    }

    /// A reading of the raw attributes, which answer before the buffer runs (drivers refuse
    /// them while it does); nil for a device whose raw attributes fail or give garbage (it
    /// starts its buffer at once).
    func rawSample() -> Sample? {
        guard let raw = try? RawReading.read(channels) else { return nil }
        return Sample(timeUs: Int64(loop.clock), gravity: configuration.gravity(raw: raw))
    }

    func deliverRaw(_ sample: Sample) {
        lastSampleUs = sample.timeUs
        if movement.note(sample.gravity, at: UInt64(sample.timeUs)) { motion?.readingMoved() }
        deliver(sample)
    }

    func stop() {
        guard !stopped else { return }
        stopped = true
        cancelReads()
        stream?.close()
        session.close()
        // With the buffer off (the kernel refuses its attributes with EBUSY while it runs), the
        // chip goes back as it was found: the motion detector's events close, and the custody
        // writes every original back as sysfs files (libiio knows no `buffer/length` attribute
        // and answers ENOENT).
        motion = nil
        custody?.restore()
        Log.debug("\(sysname): buffer disabled, attributes restored")
    }

    /// Keeps the context, the attributes set up, the buffer, its trigger and the motion
    /// detector; no watch, no timer. Paused in its raw start, it starts from the raw readings
    /// again on resume.
    func pause() -> Bool {
        guard !stopped else { return false }
        isPaused = true
        cancelReads()
        return true
    }

    /// No watch, no timer: nothing is read until the stream resumes or a start.
    private func cancelReads() {
        stream?.pause()
        for pending in [startTimer, silenceTimer] { pending?.cancel() }
        (startTimer, silenceTimer) = (nil, nil)
    }

    /// Scans queued while paused are up to a linger old: they are dropped, and the reads
    /// start as after a fresh start.
    func resume() {
        guard isPaused, !stopped else { return }
        isPaused = false
        movement = MovementTracker(options: options, now: loop.now)
        lastSampleUs = 0
        guard let stream else {
            do {
                try startFromRaw()
            } catch {
                cannotStart(error)
            }
            return
        }
        stream.resume(droppingStale: true)
    }
}
