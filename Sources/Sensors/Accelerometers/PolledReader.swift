import CallError
import CLibc
import IIO
import OrientationCore
import Systemd

/// Reads `in_accel_*_raw` on a timer.
final class PolledReader: AccelerometerReader {
    private let configuration: AccelerometerConfiguration
    private let loop: EventLoop
    private let options: Options
    private let deliver: (Sample) -> Void
    private let lost: (String) -> Void
    private let context: IIOContext
    private let channels: [IIOChannel]
    private var timer: (any Cancellable)?
    private var failures = 0
    private var stopped = false
    private var movement: MovementTracker
    /// The last read found the device moving (or starting): the next one is a steady fast one.
    private var wasMoving = false
    private var malformedLog = RateLimitedLog()
    typealias Options = IIOSource.Options

    init(device: DiscoveredAccelerometer, configuration: AccelerometerConfiguration, loop: EventLoop, options: Options,
         deliver: @escaping (Sample) -> Void, lost: @escaping (String) -> Void) throws(CallError) {
        self.configuration = configuration
        self.loop = loop
        self.options = options
        self.deliver = deliver
        self.lost = lost
        movement = MovementTracker(options: options, now: loop.now)
        let iio: IIODevice
        (context, iio) = try openDevice(device.sysname)
        guard let found = try? RawReading.channels(of: iio) else {
            throw CallError(call: "find accel_x/y/z channels of \(device.sysname)", errno: ENODEV)
        }
        channels = found
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
            let moving = movement.isMoving(at: now)
            let interval = !moving ? options.pollIntervalUs
                : min(wasMoving ? options.movingPollIntervalUs : options.confirmIntervalUs, options.pollIntervalUs)
            wasMoving = moving
            timer = try loop.addTimer(at: now + interval) { [unowned(unsafe) self] in self.poll() }
        } catch {
            Log.error("cannot arm the poll timer: \(error)")
        }
    }
}
