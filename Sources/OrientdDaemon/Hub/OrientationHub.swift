import OrientationCore
import Sensors
import Systemd

/// The display accelerometer's orientation: runs the sample source while `SensorDemand` says
/// so, classifies its samples and owns the published state that the D-Bus faces read and
/// announce (`orientation`, `screenOrientation`, `gravity`, `hasSensor`), the supported
/// screen orientations and the screen orientation locks.
public final class OrientationHub {
    /// What observers hear. The bus faces turn these into properties and signals.
    public enum Event {
        case orientationChanged(new: Orientation, previous: Orientation)
        /// The effective screen orientation (a lock's, else the screen rule's) changed.
        case screenOrientationChanged(Orientation)
        case supportedOrientationsChanged
        case sensorAvailabilityChanged
        /// Every sample while the source runs, after any change it caused; cheap work only.
        case sample(Vector3)
    }

    /// How long a Begin waits for the classifier's first answer before replying `unknown`:
    /// a sensor that delivers nothing for a second is not going to answer a person in time.
    public static let firstAnswerTimeoutUs: UInt64 = 1_000_000

    public private(set) var orientation: Orientation = .unknown
    /// The interface orientation (docs/dbus-api.md): the orientation of the lock in force,
    /// else `steadyScreenOrientation`.
    public private(set) var screenOrientation: Orientation = .unknown
    /// An edge-up pose held steadily for the screen dwell (ScreenOrientationRule), whatever the
    /// locks say; `unknown` before the first one.
    public private(set) var steadyScreenOrientation: Orientation = .unknown
    /// The edge-up orientations the screen may take: the bound sensor's udev property, else
    /// the daemon option, else all four.
    public private(set) var supportedOrientations = SupportedOrientations.all
    /// Screen orientation locks held by programs (keys: D-Bus unique names).
    public internal(set) var locks: ScreenLockStack
    /// The newest reading while the source runs.
    public private(set) var gravity: Vector3?
    public private(set) var isRunning = false
    public var hasSensor: Bool { source?.isAvailable ?? false }
    /// A read while the source is stopped may answer a one-shot reading (SampleSource).
    public var sourceReportsBeforeClaim: Bool { source?.reportsBeforeClaim ?? false }

    private let source: (any SampleSource)?
    private let timers: any Timers
    private let parameters: ClassifierParameters
    /// The classifier and the screen rule while the source runs; nil while it is paused or
    /// stopped, so their sample histories (about 80 KiB) are not held by an idle daemon.
    private(set) var rules: Rules?
    /// `--supported-orientations`, unparsed.
    private let supportedOption: String?
    private var supportedLogged = false
    private var observers: [(Event) -> Void] = []
    private var sourceDelivering = false
    /// The source lingers paused (set up, not read) after the last consumer left.
    private var sourcePaused = false
    private var hasFirstAnswer = false
    private var waiters: [(Orientation) -> Void] = []
    private var waitTimer: (any Cancellable)?
    /// A sensor that fails to start again and again (hotplug storms) is reported a few times.
    private var startFailures = RateLimitedLog(intervalUs: 10_000_000, burst: 3)

    /// `supportedOption`: the daemon's `--supported-orientations`, used when the sensor has no
    /// udev property. `lockLimit`: callers that may hold a screen orientation lock.
    public init(source: (any SampleSource)?, timers: any Timers, parameters: ClassifierParameters = .default,
                supportedOption: String? = nil, lockLimit: Int) {
        self.source = source
        self.timers = timers
        self.parameters = parameters
        self.supportedOption = supportedOption
        locks = ScreenLockStack(limit: lockLimit)
        source?.availabilityChanged = { [unowned(unsafe) self] available in self.sensorAvailabilityChanged(available) }
        source?.configurationChanged = { [unowned(unsafe) self] in self.chooseSupportedOrientations() }
        chooseSupportedOrientations()
    }

    /// The supported set from the sensor's udev property, else the option, else all four, and
    /// where it came from. A malformed value is logged with the reason and all four are used:
    /// a guess at what the administrator meant could keep the screen from a pose it needs.
    static func supportedOrientations(property: String?, option: String?) -> (SupportedOrientations, origin: String) {
        let origin: String
        let text: String
        if let property {
            (text, origin) = (property, "udev property \(Contract.Udev.supportedOrientations)")
        } else if let option {
            (text, origin) = (option, "--supported-orientations")
        } else {
            return (.all, "default")
        }
        do {
            return (try SupportedOrientations(parsing: text), origin)
        } catch {
            Log.warning("\(origin): \(error); using all four")
            return (.all, "\(origin) refused")
        }
    }

    /// Called at start, whenever a sensor is bound and when its udev properties change. Locks to
    /// orientations no longer supported are dropped.
    private func chooseSupportedOrientations() {
        let property = (source?.isAvailable ?? false) ? source?.supportedOrientations : nil
        let (chosen, origin) = Self.supportedOrientations(property: property, option: supportedOption)
        let changed = chosen != supportedOrientations
        if changed || !supportedLogged { Log.info("supported screen orientations: \(chosen) (\(origin))") }
        supportedLogged = true
        guard changed else { return }
        supportedOrientations = chosen
        rules?.screen = ScreenOrientationRule(supported: chosen)
        var kept = ScreenLockStack(limit: locks.limit, supported: chosen)
        for lock in locks.locks {
            do {
                try kept.lock(lock.caller, to: lock.orientation.rawValue, current: .unknown)
            } catch {
                Log.warning("screen orientation lock of \(lock.caller) dropped: \(error)")
            }
        }
        locks = kept
        notify(.supportedOrientationsChanged)
        updateScreenOrientation()
    }

    public func observe(_ observer: @escaping (Event) -> Void) { observers.append(observer) }

    /// Runs the source (`low`, `full`), pauses it (the stop linger: nothing read, nothing
    /// announced) or stops it; `SensorDemand` decides.
    public func run(_ level: SensorDemand.Level) {
        switch level {
        case .off: stop()
        case .paused: pause()
        case .low, .full: start()
        }
    }

    private func pause() {
        guard isRunning else { return }
        isRunning = false
        if let source, sourceDelivering {
            source.pause()
            sourcePaused = true
            Log.debug("source \(source.name) paused")
        }
        sourceDelivering = false
        rules = nil
        gravity = nil
        answerWaiters(.unknown)
    }

    private func start() {
        guard !isRunning else { return }
        isRunning = true
        restartClassifier()
        startSource()
    }

    private func stop() {
        guard isRunning || sourcePaused else { return }
        isRunning = false
        if let source, sourceDelivering || sourcePaused {
            source.stop()
            Log.debug("source \(source.name) stopped")
        }
        sourceDelivering = false
        sourcePaused = false
        rules = nil
        gravity = nil
        answerWaiters(.unknown)
    }

    /// A (re)started sensor starts both rules afresh: what the device did before the sensor
    /// stopped or was replaced says nothing about its pose now, so the first supported edge-up
    /// pose is taken at once, as iio-sensor-proxy does with its first reading.
    private func restartClassifier() {
        rules = Rules(classifier: OrientationClassifier(parameters: parameters),
                      screen: ScreenOrientationRule(supported: supportedOrientations))
        hasFirstAnswer = false
    }

    private func startSource() {
        guard let source, source.isAvailable else { return }
        do {
            try source.start { [unowned(unsafe) self] sample in self.receive(sample) }
            Log.debug("source \(source.name) \(sourcePaused ? "resumed" : "started")")
            sourceDelivering = true
            sourcePaused = false
        } catch {
            startFailures.log(Log.error, "cannot start \(source.name): \(error)", now: timers.now)
        }
    }

    /// The sensor went away (callers keep their references) or came (back): a new sensor
    /// starts at once if the source should run, with a fresh classifier.
    private func sensorAvailabilityChanged(_ available: Bool) {
        if available {
            chooseSupportedOrientations()
            if isRunning && !sourceDelivering {
                restartClassifier()
                startSource()
            }
        } else {
            sourceDelivering = false
            sourcePaused = false
            hasFirstAnswer = false
            gravity = nil
            answerWaiters(.unknown)
            publish(.unknown)
        }
        notify(.sensorAvailabilityChanged)
    }

    /// Calls `reply` with the orientation as soon as the classifier has its first answer
    /// since the source started; at once when it already has one or there is no sensor;
    /// `unknown` after `firstAnswerTimeoutUs`.
    public func whenFirstAnswer(_ reply: @escaping (Orientation) -> Void) {
        if hasFirstAnswer { return reply(orientation) }
        guard sourceDelivering else { return reply(.unknown) }
        waiters.append(reply)
        guard waitTimer == nil else { return }
        do {
            waitTimer = try timers.addTimer(afterUs: Self.firstAnswerTimeoutUs) { [unowned(unsafe) self] in
                Log.debug("no orientation within 1 s of the start, answering unknown")
                self.answerWaiters(.unknown)
            }
        } catch {
            Log.error("cannot arm the first-answer timer: \(error)")
            answerWaiters(.unknown)
        }
    }

    /// The answer to a property read: the live value while running, otherwise a fresh
    /// one-shot reading of the sensor.
    public func currentOrientation() -> Orientation {
        if isRunning { return orientation }
        guard let source, source.isAvailable else { return .unknown }
        do {
            return OrientationClassifier.classifySingle(try source.readOnce(), previous: orientation, parameters: parameters)
        } catch {
            Log.warning("one-shot read of \(source.name) failed: \(error)")
            return .unknown
        }
    }

    func receive(_ sample: Sample) {
        gravity = sample.gravity
        guard rules != nil else { return }
        let change = rules!.classifier.process(sample)
        if let change {
            hasFirstAnswer = true
            publish(change)
        }
        let device = rules!.classifier.orientation
        if let screen = rules!.screen.process(sample, deviceOrientation: device), screen != steadyScreenOrientation {
            steadyScreenOrientation = screen
            Log.debug("steady screen orientation \(screen.rawValue)")
            updateScreenOrientation()
        }
        // After the screen rule: a waiter's reply finds both orientations decided.
        if let change { answerWaiters(change) }
        // After the classifier: observers of the sample see the orientation it decided.
        notify(.sample(sample.gravity))
    }

    /// The gravity vector for ReadGravity: the newest sample while the source delivers, else a
    /// fresh one-shot reading; nil without a sensor.
    public func currentGravity() throws(SourceError) -> Vector3? {
        if isRunning, sourceDelivering, let gravity { return gravity }
        guard let source, source.isAvailable else { return nil }
        return try source.readOnce()
    }

    func updateScreenOrientation() {
        let effective = locks.effective(steadyScreenOrientation)
        guard effective != screenOrientation else { return }
        screenOrientation = effective
        Log.debug("screen orientation \(effective.rawValue)\(locks.lockedOrientation != nil ? " (locked)" : "")")
        notify(.screenOrientationChanged(effective))
    }

    private func publish(_ new: Orientation) {
        guard new != orientation else { return }
        let previous = orientation
        orientation = new
        Log.debug("orientation \(new.rawValue) (was \(previous.rawValue))")
        notify(.orientationChanged(new: new, previous: previous))
    }

    private func notify(_ event: Event) {
        for observer in observers { observer(event) }
    }

    private func answerWaiters(_ answer: Orientation) {
        waitTimer?.cancel()
        waitTimer = nil
        let pending = waiters
        waiters = []
        for reply in pending { reply(answer) }
    }
}
