import OrientationCore
import PostureCore
import Sensors
import Systemd

/// How the posture hub paces its reads.
public struct PostureHubParameters: Equatable {
    /// At the low level (the tablet-mode switch or `org.orientd.Posture1` with nobody
    /// generating orientation notifications) both halves are read once per tick, in the same
    /// wake-up: 2 wake-ups a second at rest. The tracker needs two quiet readings and its
    /// settle time, so a new posture is known within about 1.5 s of the hinge coming to rest;
    /// a person folding a laptop into a tablet takes longer than that to start using it.
    public var lowIntervalUs: UInt64 = 500_000
    public init() {}
}

/// The posture of a 2-in-1 device (docs/posture.md): owns a `PostureTracker` fed by the
/// display accelerometer (the samples the orientation hub reads, through a `SampleTap`) and
/// the base accelerometer, and the published state the D-Bus face and the tablet-mode switch
/// read (`hasHinge`, `posture`, `hingeAngle`, `tabletMode`).
///
/// `SensorDemand` sets the level: at `.full` the orientation hub streams the display sensor
/// and this hub reads the base one in the same wake-ups; at `.low` the orientation hub is off
/// and this hub reads both sensors once every `lowIntervalUs`.
public final class PostureHub {
    public enum Event {
        /// The posture or the announced hinge angle changed (the tracker's announcement rules).
        case changed(PostureUpdate)
        /// `hasHinge` changed.
        case hingeAvailabilityChanged
    }

    /// Both halves are bound: a hinge angle can be measured.
    public var hasHinge: Bool { (display?.isAvailable ?? false) && (base?.isAvailable ?? false) }
    /// The published posture; `unknown` without a hinge or before the first measured angle.
    public private(set) var posture: Posture = .unknown
    /// The published hinge angle in degrees; -1 while not measurable or not running.
    public private(set) var hingeAngle: Double = -1
    public var tabletMode: Bool { posture.isTabletMode }
    /// The level the hub reads at now: `.off` while no hinge is bound, whatever is wanted.
    public private(set) var running: SensorDemand.Level = .off

    private let display: SampleTap?
    private let base: (any SampleSource)?
    private let timers: any Timers
    private let parameters: PostureHubParameters
    private let trackerParameters: PostureParameters
    private var tracker: PostureTracker
    private var wanted: SensorDemand.Level = .off
    private var tick: (any Cancellable)?
    private var observers: [(Event) -> Void] = []
    private var readFailures = RateLimitedLog()
    /// The hinge coming and going with hotplug events: a few lines per ten seconds at most.
    private var hingeLog = RateLimitedLog(intervalUs: 10_000_000, burst: 4)
    private var hadHinge = false

    public init(display: SampleTap?, base: (any SampleSource)?, timers: any Timers,
                parameters: PostureHubParameters = PostureHubParameters(), trackerParameters: PostureParameters = .default) {
        self.display = display
        self.base = base
        self.timers = timers
        self.parameters = parameters
        self.trackerParameters = trackerParameters
        tracker = PostureTracker(parameters: trackerParameters)
        display?.listener = { [unowned(unsafe) self] sample in self.displaySample(sample) }
        display?.availabilityListener = { [unowned(unsafe) self] _ in self.availabilityChanged() }
        base?.availabilityChanged = { [unowned(unsafe) self] _ in self.availabilityChanged() }
        hadHinge = hasHinge
    }

    public func observe(_ observer: @escaping (Event) -> Void) { observers.append(observer) }

    /// The level `SensorDemand` runs the sensors at. Call it after the orientation hub's own
    /// `run`, so that at `.full` the display stream already flows.
    public func run(_ level: SensorDemand.Level) {
        wanted = level
        apply()
    }

    private func apply() {
        let target = hasHinge ? wanted : .off
        guard target != running else { return }
        let previous = running
        running = target
        tick?.cancel()
        tick = nil
        keepReadsOpen(target)
        switch target {
        case .off:
            break
        case .low:
            scheduleTick()
        case .full:
            baseReadUs = nil
        }
        Log.debug("posture: \(Self.name(previous)) -> \(Self.name(target))")
    }

    /// Level names for logs (no reflection: the daemon's modules must build as Embedded Swift).
    private static func name(_ level: SensorDemand.Level) -> String {
        switch level {
        case .off: return "off"
        case .low: return "low"
        case .full: return "full"
        }
    }

    // MARK: - Low rate: both halves read in one wake-up

    /// One-shot reads keep their sensor open while they come often: both halves at `.low`,
    /// the base at `.full` (the display then streams).
    private func keepReadsOpen(_ level: SensorDemand.Level) {
        display?.keepOneShotReadsOpen(level == .low)
        base?.keepOneShotReadsOpen(level != .off)
    }

    private func scheduleTick() {
        do {
            tick = try timers.addTimer(afterUs: parameters.lowIntervalUs) { [unowned(unsafe) self] in
                self.tick = nil
                self.readBoth()
                if self.running == .low { self.scheduleTick() }
            }
        } catch {
            Log.error("cannot arm the posture timer: \(error)")
        }
    }

    private func readBoth() {
        guard let display, let base else { return }
        let d: Vector3, b: Vector3
        do {
            d = try display.readOnce()
            b = try base.readOnce()
        } catch {
            readFailures.warning("posture read failed: \(error)", now: timers.now)
            return
        }
        handle(tracker.process(display: d, base: b, timeUs: Int64(timers.now)))
    }

    // MARK: - Full rate: the display stream, the base read beside each sample

    /// The base is read in the wake-up that brings a display sample, so each pair is taken
    /// at one moment: two streams paced apart (the readers slow down at rest) would pair a
    /// display that already turned with a base that has not been read since, an angle the
    /// hinge never had. The base's reads cost no wake-up of their own.
    /// The loop time of the last base read and its value (one read per wake-up).
    private var baseReadUs: UInt64?
    private var baseReading: Vector3?

    private func displaySample(_ sample: Sample) {
        guard running == .full, let base else { return }
        let now = timers.now
        // A buffered batch delivers the scans of the last batch interval at once: only those
        // recent enough to pair with a base read now go to the tracker.
        guard Double(Int64(now) - sample.timeUs) <= trackerParameters.maxSampleSkewMs * 1000 else { return }
        if baseReadUs != now {
            baseReadUs = now
            do {
                baseReading = try base.readOnce()
            } catch {
                baseReading = nil
                readFailures.warning("base accelerometer read failed: \(error)", now: now)
            }
        }
        guard let b = baseReading else { return }
        handle(tracker.process(display: sample.gravity, base: b, timeUs: sample.timeUs))
    }

    // MARK: - Publishing

    private func handle(_ update: PostureUpdate?) {
        guard let update else { return }
        posture = update.posture
        hingeAngle = update.hingeAngleOnBus
        if update.postureChanged {
            Log.info("posture \(update.posture.rawValue) (was \(update.previousPosture.rawValue)), hinge \(Int(hingeAngle.rounded()))°")
        } else {
            Log.debug("hinge angle \(hingeAngle)")
        }
        notify(.changed(update))
    }

    private func availabilityChanged() {
        let now = hasHinge
        guard now != hadHinge else { return }
        hadHinge = now
        hingeLog.log(Log.info, now ? "hinge measurable: display and base accelerometers bound"
                                   : "no hinge: a display and a base accelerometer are needed", now: timers.now)
        if !now {
            // A new pair starts from scratch: the old angle says nothing about it.
            running = .off
            tick?.cancel()
            tick = nil
            keepReadsOpen(.off)
            tracker = PostureTracker(parameters: trackerParameters)
            let previous = posture
            let hadAngle = hingeAngle != -1
            posture = .unknown
            hingeAngle = -1
            notify(.hingeAvailabilityChanged)
            if previous != .unknown || hadAngle {
                notify(.changed(PostureUpdate(timeUs: Int64(timers.now), posture: .unknown, previousPosture: previous, hingeAngle: nil)))
            }
        } else {
            notify(.hingeAvailabilityChanged)
            apply()
        }
    }

    private func notify(_ event: Event) {
        for observer in observers { observer(event) }
    }
}
