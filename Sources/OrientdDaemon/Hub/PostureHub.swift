import OrientationCore
import PostureCore
import Sensors
import Systemd

/// The posture of a 2-in-1 device (docs/posture.md): owns a `PostureTracker` fed by a kernel
/// hinge sensor when the machine has one (preferred: the firmware computes the angle from
/// sensors orientd cannot see), else by the display accelerometer (the samples the
/// orientation hub reads, through a `SampleTap`) and the base accelerometer; and the
/// published state the D-Bus face and the tablet-mode switch read (`hasHinge`, `posture`,
/// `hingeAngle`, `tabletMode`). logind's `LidClosed` comes in through `setLidClosed`.
///
/// `SensorDemand` sets the level: at `.full` the orientation hub streams the display sensor
/// and this hub reads the base one in the same wake-ups; at `.low` the orientation hub is off
/// and this hub reads both sensors once every `lowIntervalUs`. A kernel hinge sensor is read
/// on a tick of its own instead, every `lowIntervalUs` at `.low` and every
/// `kernelHingeFullIntervalUs` at `.full`.
public final class PostureHub {
    /// What the hinge angle comes from.
    public enum Method: Equatable {
        case none
        /// A kernel hinge-angle sensor (cros-ec-lid-angle, the ISH hinge).
        case kernelHinge
        /// The display and the base accelerometer.
        case accelerometers
    }

    public enum Event {
        /// The posture or the announced hinge angle changed (the tracker's announcement rules).
        case changed(PostureUpdate)
        /// `hasHinge` changed.
        case hingeAvailabilityChanged
    }

    /// A hinge angle can be measured: a kernel hinge sensor, or both halves bound.
    public var hasHinge: Bool { method != .none }
    /// The kernel's hinge sensor when there is one, else the accelerometer pair.
    public var method: Method {
        if hinge?.isAvailable ?? false { return .kernelHinge }
        if (display?.isAvailable ?? false) && (base?.isAvailable ?? false) { return .accelerometers }
        return .none
    }
    /// The published posture; `unknown` without a hinge or before the first measured angle.
    public private(set) var posture: Posture = .unknown
    /// The published hinge angle in degrees; `Contract.Posture1.noHingeAngle` while not measurable or not running.
    public private(set) var hingeAngle: Double = Contract.Posture1.noHingeAngle
    public var tabletMode: Bool { posture.isTabletMode }
    /// The level the hub reads at now: `.off` while no hinge is bound, whatever is wanted.
    public private(set) var running: SensorDemand.Level = .off

    private let display: SampleTap?
    private let base: (any SampleSource)?
    private let hinge: (any HingeAngleSource)?
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
    private var activeMethod: Method = .none
    /// logind's `LidClosed` (nil: no lid switch), kept for trackers made after a method change.
    private var lidClosed: Bool?

    public init(display: SampleTap?, base: (any SampleSource)?, hinge: (any HingeAngleSource)? = nil, timers: any Timers,
                parameters: PostureHubParameters = PostureHubParameters(), trackerParameters: PostureParameters = .default) {
        (self.display, self.base, self.hinge) = (display, base, hinge)
        (self.timers, self.parameters, self.trackerParameters) = (timers, parameters, trackerParameters)
        tracker = PostureTracker(parameters: trackerParameters)
        display?.listener = { [unowned(unsafe) self] sample in self.displaySample(sample) }
        display?.availabilityListener = { [unowned(unsafe) self] _ in self.availabilityChanged() }
        base?.availabilityChanged = { [unowned(unsafe) self] _ in self.availabilityChanged() }
        hinge?.availabilityChanged = { [unowned(unsafe) self] _ in self.availabilityChanged() }
        activeMethod = method
        if activeMethod != .none { Log.info(Self.describe(activeMethod)) }
    }

    /// logind's `LidClosed` changed (nil: logind has no lid switch or went away).
    public func setLidClosed(_ closed: Bool?) {
        guard closed != lidClosed else { return }
        lidClosed = closed
        Log.debug("lid \(closed.map { $0 ? "closed" : "open" } ?? "switch unknown")")
        // Without a hinge the posture stays unknown; the next tracker is told on creation.
        guard hasHinge else { return }
        handle(tracker.setLidClosed(closed, atUs: Int64(timers.now)))
    }

    public func observe(_ observer: @escaping (Event) -> Void) { observers.append(observer) }

    /// Tells the daemon's `SensorRegistry` what this hub reads of the base accelerometer and
    /// the kernel hinge (nil: the hub keeps the base's reads open itself, as in tests).
    public var needs: ((SensorRegistry.Kind, SensorDemand.Level) -> Void)?

    /// The level `SensorDemand` runs the sensors at. Call it after the orientation hub's own
    /// `run`, so that at `.full` the display stream already flows.
    public func run(_ level: SensorDemand.Level) {
        // Posture keeps nothing set up between its one-shot reads: paused is off.
        wanted = level == .paused ? .off : level
        apply()
    }

    private func apply() {
        let target = hasHinge ? wanted : .off
        guard target != running else { return }
        let previous = running
        running = target
        lastDisplay = nil
        lastBase = nil
        lastDegrees = nil
        lastMovementUs = nil
        tick?.cancel()
        tick = nil
        let kernel = activeMethod == .kernelHinge
        // With the kernel's hinge sensor the accelerometers are not read for posture.
        keepReadsOpen(kernel ? .off : target)
        switch target {
        case .off, .paused:
            break
        case .low:
            scheduleTick()
        case .full:
            if kernel { scheduleTick() } else { baseReadUs = nil }
        }
        Log.debug("posture: \(Self.name(previous)) -> \(Self.name(target))")
    }

    /// Level names for logs (no reflection: the daemon's modules must build as Embedded Swift).
    private static func name(_ level: SensorDemand.Level) -> String {
        switch level {
        case .off: return "off"
        case .paused: return "paused"
        case .low: return "low"
        case .full: return "full"
        }
    }

    // MARK: - Low rate: both halves read in one wake-up

    /// One-shot reads keep their sensor open while they come often: both halves at `.low`,
    /// the base at `.full` (the display then streams).
    private func keepReadsOpen(_ level: SensorDemand.Level) {
        display?.keepOneShotReadsOpen(level == .low)
        if let needs {
            needs(.baseAccelerometer, level)
            needs(.kernelHinge, activeMethod == .kernelHinge ? running : .off)
        } else {
            base?.keepOneShotReadsOpen(level != .off)
        }
    }

    /// The last low-level readings, and when one of them last moved (nil: not since the start).
    private var lastDisplay: Vector3?, lastBase: Vector3?, lastDegrees: Double?
    private var lastMovementUs: UInt64?

    private func moved(_ moved: Bool) {
        if moved { lastMovementUs = timers.now }
    }

    private func scheduleTick() {
        let kernel = activeMethod == .kernelHinge
        let moving = lastMovementUs.map { timers.now - $0 < parameters.movementHoldUs } ?? false
        let interval = kernel && running == .full ? parameters.kernelHingeFullIntervalUs
            : moving ? parameters.movingIntervalUs : parameters.lowIntervalUs
        do {
            tick = try timers.addTimer(afterUs: interval) { [unowned(unsafe) self] in
                self.tick = nil
                kernel ? self.readHinge() : self.readBoth()
                if self.running == .low || (kernel && self.running == .full) { self.scheduleTick() }
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
        if let lastDisplay, let lastBase {
            moved((d - lastDisplay).magnitude > parameters.movementMS2 || (b - lastBase).magnitude > parameters.movementMS2)
        }
        lastDisplay = d
        lastBase = b
        handle(tracker.process(display: d, base: b, timeUs: Int64(timers.now)))
    }

    private func readHinge() {
        guard let hinge else { return }
        let degrees: Double
        do {
            degrees = try hinge.readDegrees()
        } catch {
            readFailures.warning("hinge read failed: \(error)", now: timers.now)
            return
        }
        if let lastDegrees { moved(abs(degrees - lastDegrees) > parameters.movementDegrees) }
        lastDegrees = degrees
        handle(tracker.process(hingeAngle: degrees, timeUs: Int64(timers.now)))
    }

    // MARK: - Full rate: the display stream, the base read beside each sample

    /// The loop time of the last base read and its value (one read per wake-up).
    private var baseReadUs: UInt64?
    private var baseReading: Vector3?

    /// The base is read in the wake-up that brings a display sample, so each pair is taken
    /// at one moment: two streams paced apart (the readers slow down at rest) would pair a
    /// display that already turned with a base that has not been read since, an angle the
    /// hinge never had. The base's reads cost no wake-up of their own.
    private func displaySample(_ sample: Sample) {
        guard running == .full, activeMethod == .accelerometers, let base else { return }
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
        hingeAngle = update.hingeAngle ?? Contract.Posture1.noHingeAngle
        if update.postureChanged {
            Log.info("posture \(update.posture.rawValue) (was \(update.previousPosture.rawValue)), hinge \(Int(hingeAngle.rounded()))°")
        } else {
            Log.debug("hinge angle \(hingeAngle)")
        }
        notify(.changed(update))
    }

    private func availabilityChanged() {
        let now = method
        guard now != activeMethod else { return }
        let previousMethod = activeMethod
        activeMethod = now
        hingeLog.log(Log.info, Self.describe(now), now: timers.now)
        // A new method (or a new pair) starts from scratch: the old angle says nothing about it.
        running = .off
        tick?.cancel()
        tick = nil
        keepReadsOpen(.off)
        tracker = PostureTracker(parameters: trackerParameters)
        let previous = posture
        let hadAngle = hingeAngle != Contract.Posture1.noHingeAngle
        posture = .unknown
        hingeAngle = Contract.Posture1.noHingeAngle
        if (previousMethod == .none) != (now == .none) { notify(.hingeAvailabilityChanged) }
        if previous != .unknown || hadAngle {
            notify(.changed(PostureUpdate(timeUs: Int64(timers.now), posture: .unknown, previousPosture: previous, hingeAngle: nil)))
        }
        apply()
        if now != .none, lidClosed != nil { handle(tracker.setLidClosed(lidClosed, atUs: Int64(timers.now))) }
    }

    private static func describe(_ method: Method) -> String {
        switch method {
        case .none: return "no hinge: a kernel hinge sensor, or a display and a base accelerometer, are needed"
        case .kernelHinge: return "hinge measurable: the kernel's hinge sensor (preferred to the accelerometers)"
        case .accelerometers: return "hinge measurable: display and base accelerometers bound"
        }
    }

    private func notify(_ event: Event) {
        for observer in observers { observer(event) }
    }
}
