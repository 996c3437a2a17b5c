import OrientationCore
import Sensors
import Systemd

/// Every sensor kind the daemon serves and who needs it: one `SensorDemand` per kind, the
/// one owner of "should this sensor run". Bus faces and hubs state their consumers' levels
/// here and nothing else; sleep (`suspend`/`resume`) and shutdown (`stopAll`) reach every
/// kind through it. Adding a kind: its reader in `Sources/Sensors/<Kind>/`, one `register`
/// call in `DaemonSensors`, and a face that translates; or, for a kind served on an object of
/// its own, one entry of `SensorKindCatalogue` (`CataloguedSensors` registers it here).
public final class SensorRegistry {
    /// A kind's name: the built-in ones below, and one per entry of `SensorKindCatalogue`
    /// (named by the entry).
    public struct Kind: Hashable, Sendable {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        /// The display accelerometer: orientation, and posture's display half.
        public static let accelerometer = Kind("accelerometer")
        /// The base accelerometer of a 2-in-1, read by posture.
        public static let baseAccelerometer = Kind("base accelerometer")
        public static let light = Kind("light")
        public static let proximity = Kind("proximity")
        public static let compass = Kind("compass")
        /// A hinge angle the kernel computes (cros-ec-lid-angle, the ISH hinge).
        public static let kernelHinge = Kind("kernel hinge")
    }

    private struct Entry {
        let demand: SensorDemand
        let refresh: () -> Void
    }

    private let timers: any Timers
    private let parameters: SensorDemand.Parameters
    private var entries: [Kind: Entry] = [:]
    /// In registration order: sleep and shutdown stop them in this order.
    private var order: [Kind] = []
    /// Told after any kind's level changed, from what to what, in the order they were added
    /// (`SleepWatch` holds its inhibitor meanwhile; `MemoryHandBack` releases what a sensor no
    /// longer runs).
    private var levelObservers: [(_ kind: Kind, _ from: SensorDemand.Level, _ to: SensorDemand.Level) -> Void] = []

    public init(timers: any Timers, parameters: SensorDemand.Parameters = SensorDemand.Parameters()) {
        self.timers = timers
        self.parameters = parameters
    }

    /// Adds a kind: `run` starts, pauses (the stop linger) or stops its sensor; `refresh`
    /// reads its configuration again after resume (drivers reset their registers).
    public func register(_ kind: Kind, run: @escaping (SensorDemand.Level) -> Void, refresh: @escaping () -> Void = {}) {
        precondition(entries[kind] == nil, "sensor kind registered twice")
        var running = SensorDemand.Level.off
        let demand = SensorDemand(timers: timers, parameters: parameters) { [unowned(unsafe) self] level in
            let from = running
            running = level
            run(level)
            for observer in self.levelObservers { observer(kind, from, level) }
        }
        entries[kind] = Entry(demand: demand, refresh: refresh)
        order.append(kind)
    }

    public var kinds: [Kind] { order }

    /// Adds an observer of every kind's level changes, for the registry's lifetime.
    public func observeLevels(_ observer: @escaping (_ kind: Kind, _ from: SensorDemand.Level, _ to: SensorDemand.Level) -> Void) {
        levelObservers.append(observer)
    }

    /// The demand of a registered kind.
    public func demand(_ kind: Kind) -> SensorDemand {
        guard let entry = entries[kind] else { fatalError("sensor kind \(kind.rawValue) is not registered") }
        return entry.demand
    }

    public func set(_ kind: Kind, _ consumer: SensorDemand.Consumer, _ level: SensorDemand.Level) {
        demand(kind).set(consumer, level)
    }

    /// The level a kind runs at now (`.off` when not registered).
    public func running(_ kind: Kind) -> SensorDemand.Level { entries[kind]?.demand.running ?? .off }

    /// Something is read that should stop before the system sleeps: any kind at `.low` or
    /// above, except the accelerometer at `.low` (posture's one-shot reads leave nothing
    /// running between its ticks).
    public var needsStopBeforeSleep: Bool {
        order.contains { kind in running(kind) >= (kind == .accelerometer ? .full : .low) }
    }

    public private(set) var isSuspended = false

    /// The system sleeps: every sensor stops; every consumer keeps its want for `resume`.
    public func suspend() {
        isSuspended = true
        for kind in order { demand(kind).suspend() }
    }

    /// After resume: configurations are read again, and every wanted sensor starts.
    public func resume() {
        guard isSuspended else { return }
        isSuspended = false
        for kind in order { entries[kind]?.refresh() }
        for kind in order { demand(kind).resume() }
    }

    /// Shutdown: every sensor stops at once, lingering or not.
    public func stopAll() {
        for kind in order { demand(kind).stopNow() }
    }
}

extension SensorRun {
    /// What a sensor does at a demand level.
    public init(_ level: SensorDemand.Level) {
        switch level {
        case .off: self = .off
        case .paused: self = .idle
        case .low, .full: self = .reading
        }
    }
}
