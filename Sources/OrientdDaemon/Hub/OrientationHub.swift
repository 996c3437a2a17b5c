import OrientationCore
import Sensors
import Systemd

/// The display accelerometer's orientation: runs the sample source while `SensorDemand` says
/// so, classifies its samples and owns the published state that the D-Bus faces read and
/// announce (`orientation`, `screenOrientation`, `gravity`, `hasSensor`).
public final class OrientationHub {
    /// What observers hear. The bus faces turn these into properties and signals.
    public enum Event {
        case orientationChanged(new: Orientation, previous: Orientation)
        case screenOrientationChanged(Orientation)
        case sensorAvailabilityChanged
        /// Every sample while the source runs; cheap work only.
        case sample(Vector3)
    }

    /// How long a Begin waits for the classifier's first answer before replying `unknown`:
    /// a sensor that delivers nothing for a second is not going to answer a person in time.
    public static let firstAnswerTimeoutUs: UInt64 = 1_000_000

    public private(set) var orientation: Orientation = .unknown
    /// The interface orientation (docs/dbus-api.md): an edge-up pose held steadily for the
    /// screen dwell (ScreenOrientationRule); `unknown` before the first one.
    public private(set) var screenOrientation: Orientation = .unknown
    /// The newest reading while the source runs.
    public private(set) var gravity: Vector3?
    public private(set) var isRunning = false
    public var hasSensor: Bool { source?.isAvailable ?? false }

    private let source: (any SampleSource)?
    private let timers: any Timers
    private let parameters: ClassifierParameters
    private var classifier: OrientationClassifier
    private var screenRule = ScreenOrientationRule()
    private var observers: [(Event) -> Void] = []
    private var sourceDelivering = false
    private var hasFirstAnswer = false
    private var waiters: [(Orientation) -> Void] = []
    private var waitTimer: (any Cancellable)?
    /// A sensor that fails to start again and again (hotplug storms) is reported a few times.
    private var startFailures = RateLimitedLog(intervalUs: 10_000_000, burst: 3)

    public init(source: (any SampleSource)?, timers: any Timers, parameters: ClassifierParameters = .default) {
        self.source = source
        self.timers = timers
        self.parameters = parameters
        classifier = OrientationClassifier(parameters: parameters)
        source?.availabilityChanged = { [unowned(unsafe) self] available in self.sensorAvailabilityChanged(available) }
    }

    public func observe(_ observer: @escaping (Event) -> Void) { observers.append(observer) }

    /// Runs the source (any level above off) or stops it; `SensorDemand` decides.
    public func run(_ level: SensorDemand.Level) {
        level == .off ? stop() : start()
    }

    private func start() {
        guard !isRunning else { return }
        isRunning = true
        restartClassifier()
        startSource()
    }

    private func stop() {
        guard isRunning else { return }
        isRunning = false
        if let source, sourceDelivering {
            source.stop()
            Log.debug("source \(source.name) stopped")
        }
        sourceDelivering = false
        gravity = nil
        answerWaiters(.unknown)
    }

    private func restartClassifier() {
        classifier = OrientationClassifier(parameters: parameters)
        hasFirstAnswer = false
    }

    private func startSource() {
        guard let source, source.isAvailable else { return }
        do {
            try source.start { [unowned(unsafe) self] sample in self.receive(sample) }
            sourceDelivering = true
            Log.debug("source \(source.name) started")
        } catch {
            startFailures.log(Log.error, "cannot start \(source.name): \(error)", now: timers.now)
        }
    }

    /// The sensor went away (callers keep their references) or came (back): a new sensor
    /// starts at once if the source should run, with a fresh classifier.
    private func sensorAvailabilityChanged(_ available: Bool) {
        if available {
            if isRunning && !sourceDelivering {
                restartClassifier()
                startSource()
            }
        } else {
            sourceDelivering = false
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
        notify(.sample(sample.gravity))
        if let change = classifier.process(sample) {
            hasFirstAnswer = true
            publish(change)
            answerWaiters(change)
        }
        if let screen = screenRule.process(sample, deviceOrientation: classifier.orientation), screen != screenOrientation {
            screenOrientation = screen
            Log.debug("screen orientation \(screen.rawValue)")
            notify(.screenOrientationChanged(screen))
        }
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
