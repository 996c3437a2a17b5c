import CallError
import CLibc
import IIO
import OrientationCore
import Systemd

/// Reads `in_accel_*_raw` on a timer; with the chip's motion detector (MotionInterrupt) the
/// timer reads seldom at rest and a motion event brings a read at once.
final class PolledReader: AccelerometerReader {
    private let configuration: AccelerometerConfiguration
    private let loop: any Timers
    private let options: Options
    private let deliver: (Sample) -> Void
    private let lost: (String) -> Void
    private let context: IIOContext
    private let channels: [IIOChannel]
    private var timer: (any Cancellable)?
    private var failures = 0
    private var stopped = false
    private(set) var isPaused = false
    private var movement: MovementTracker
    /// The last read found the device moving (or starting): the next one is a steady fast one.
    private var wasMoving = false
    private var malformedLog = RateLimitedLog()
    private var motion: MotionInterrupt?
    private let custody: DeviceCustody?
    typealias Options = IIOSource.Options

    init(device: DiscoveredAccelerometer, configuration: AccelerometerConfiguration, custody: DeviceCustody?, links: ReaderLinks) throws(CallError) {
        self.configuration = configuration
        (loop, options, deliver, lost) = (links.loop, links.options, links.deliver, links.lost)
        movement = MovementTracker(options: links.options, now: links.loop.now)
        let iio: IIODevice
        (context, iio) = try openDevice(device.sysname)
        guard let found = try? RawReading.channels(of: iio) else {
            throw CallError(call: "find accel_x/y/z channels of \(device.sysname)", errno: ENODEV)
        }
        channels = found
        self.custody = custody
        // Fresh values for the fast reads: a chip slower than they are would answer the same
        // conversion again and again.
        ChipRate.apply(device.device, sysname: device.sysname, custody: custody, preferredHz: options.preferredSamplingHz)
        motion = MotionInterrupt(device: device.device, attributes: device.motionDetector, custody: custody, loop: loop, options: options) {
            [unowned(unsafe) self] in self.motionDetected()
        }
        poll()
    }

    func stop() {
        guard !stopped else { return }
        stopped = true
        cancelTimer()
        motion = nil
        custody?.restore()
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
    }

    func pause() -> Bool {
        guard !stopped else { return false }
        isPaused = true
        cancelTimer()
        return true
    }

    func resume() {
        guard isPaused, !stopped else { return }
        isPaused = false
        movement = MovementTracker(options: options, now: loop.now)
        wasMoving = false
        poll()
    }

    /// The chip says the device moves: read now (unless fast reads already run), then fast
    /// until it rests.
    private func motionDetected() {
        guard !stopped, !isPaused else { return }
        let now = loop.now
        let alreadyFast = movement.isMoving(at: now)
        movement.detectorFired(at: now)
        guard !alreadyFast else { return }
        Log.debug("motion: reading now")
        cancelTimer()
        poll()
    }

    private func poll() {
        let now = loop.clock
        do {
            let raw = try RawReading.read(channels)
            failures = 0
            let gravity = configuration.gravity(raw: raw)
            if movement.note(gravity, at: now) { motion?.readingMoved() }
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
        let moving = movement.isMoving(at: now)
        let rest = motion?.isOn == true ? options.motionRestIntervalUs : options.pollIntervalUs
        let interval = !moving ? rest
            : min(wasMoving ? options.movingPollIntervalUs : options.confirmIntervalUs, options.pollIntervalUs)
        wasMoving = moving
        timer = loop.schedule(at: now + interval, "poll") { [unowned(unsafe) self] in self.poll() }
    }
}
