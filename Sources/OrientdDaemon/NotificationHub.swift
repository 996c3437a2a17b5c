import OrientationCore
import Systemd

/// What the hub announces. The bus service turns these into signals.
public protocol NotificationHubDelegate: AnyObject {
    func hub(_ hub: NotificationHub, orientationChangedTo new: Orientation, from previous: Orientation,
             screenOrientationChanged: Bool)
    func hubSensorAvailabilityChanged(_ hub: NotificationHub)
}

/// Runs the sample source only while someone generates notifications, classifies its
/// samples and keeps the published state (`orientation`, `screenOrientation`).
/// Reference counting per caller lives in the bus service; the hub only hears "start" (first
/// reference) and "stop" (last one gone).
public final class NotificationHub {
    /// How long a Begin waits for the classifier's first answer before replying `unknown`.
    public static let firstAnswerTimeoutUs: UInt64 = 1_000_000

    /// Who hears about changes (the D-Bus services); held weakly.
    private var observers: [WeakObserver] = []
    /// The newest reading while running (for the compatibility interface's tilt).
    public private(set) var lastGravity: Vector3?
    /// Called for every sample while running; cheap work only.
    public var sampleObserver: ((Vector3) -> Void)?

    public func addObserver(_ observer: NotificationHubDelegate) {
        observers.append(WeakObserver(value: observer))
    }
    public private(set) var orientation: Orientation = .unknown
    /// The last edge-up orientation (CONVENTIONS §4); `unknown` before the first one.
    public private(set) var screenOrientation: Orientation = .unknown
    public private(set) var isRunning = false

    public var hasSensor: Bool { source?.isAvailable ?? false }

    private let source: SampleSource?
    private let loop: EventLoop
    private let parameters: ClassifierParameters
    private var classifier: OrientationClassifier
    private var sourceDelivering = false
    private var hasFirstAnswer = false
    private var waiters: [(Orientation) -> Void] = []
    private var waitTimer: EventSource?

    public init(source: SampleSource?, loop: EventLoop, parameters: ClassifierParameters = .default) {
        self.source = source
        self.loop = loop
        self.parameters = parameters
        classifier = OrientationClassifier(parameters: parameters)
        source?.availabilityChanged = { [unowned self] available in self.sensorAvailabilityChanged(available) }
    }

    /// First reference taken: start the source with a fresh classifier.
    public func start() {
        guard !isRunning else { return }
        isRunning = true
        classifier = OrientationClassifier(parameters: parameters)
        hasFirstAnswer = false
        startSource()
    }

    private func startSource() {
        guard let source, source.isAvailable else { return }
        do {
            try source.start { [unowned self] sample in self.receive(sample) }
            sourceDelivering = true
            Log.debug("source \(source.name) started")
        } catch {
            Log.error("cannot start \(source.name): \(error)")
        }
    }

    /// The sensor went away (callers keep their references) or came (back): a new sensor
    /// starts at once if anyone is generating, with a fresh classifier.
    private func sensorAvailabilityChanged(_ available: Bool) {
        if available {
            if isRunning && !sourceDelivering {
                classifier = OrientationClassifier(parameters: parameters)
                hasFirstAnswer = false
                startSource()
            }
        } else {
            sourceDelivering = false
            hasFirstAnswer = false
            answerWaiters(.unknown)
            publish(.unknown)
        }
        if !available { lastGravity = nil }
        for observer in observers { observer.value?.hubSensorAvailabilityChanged(self) }
    }

    /// Last reference gone: stop the source. Anyone still waiting gets `unknown`.
    public func stop() {
        guard isRunning else { return }
        isRunning = false
        if let source, sourceDelivering {
            source.stop()
            Log.debug("source \(source.name) stopped")
        }
        sourceDelivering = false
        lastGravity = nil
        answerWaiters(.unknown)
    }

    /// Calls `reply` with the orientation as soon as the classifier has its first answer
    /// since the source started; at once when it already has one or there is no sensor;
    /// `unknown` after `firstAnswerTimeoutUs`.
    public func whenFirstAnswer(_ reply: @escaping (Orientation) -> Void) {
        if hasFirstAnswer { return reply(orientation) }
        guard sourceDelivering else { return reply(.unknown) }
        waiters.append(reply)
        if waitTimer == nil {
            do {
                waitTimer = try loop.addTimer(afterUs: Self.firstAnswerTimeoutUs) { [unowned self] in
                    Log.debug("no orientation within 1 s of the start, answering unknown")
                    self.answerWaiters(.unknown)
                }
            } catch {
                Log.error("cannot arm the first-answer timer: \(error)")
                answerWaiters(.unknown)
            }
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
        lastGravity = sample.gravity
        sampleObserver?(sample.gravity)
        guard let change = classifier.process(sample) else { return }
        hasFirstAnswer = true
        publish(change)
        answerWaiters(change)
    }

    private func publish(_ new: Orientation) {
        guard new != orientation else { return }
        let previous = orientation
        orientation = new
        var screenChanged = false
        if new.isEdgeUp && new != screenOrientation {
            screenOrientation = new
            screenChanged = true
        }
        Log.debug("orientation \(new.rawValue) (was \(previous.rawValue))")
        for observer in observers {
            observer.value?.hub(self, orientationChangedTo: new, from: previous, screenOrientationChanged: screenChanged)
        }
    }

    private func answerWaiters(_ answer: Orientation) {
        waitTimer?.cancel()
        waitTimer = nil
        let pending = waiters
        waiters = []
        for reply in pending { reply(answer) }
    }
}

private struct WeakObserver {
    weak var value: NotificationHubDelegate?
}
