import Systemd

/// Who needs one sensor, and how much: the one owner of "should the sensor run" for one
/// entry of `SensorRegistry`. Each consumer (Begin holders, compatibility claims, …) states a
/// level; the sensor runs at the highest. When the last consumer lets go the sensor is
/// `paused` at once (nothing read, nothing announced) and keeps only its set-up (buffer,
/// trigger, libiio context) for a linger, so a storm of Begin/End pairs costs one start.
public final class SensorDemand {
    public enum Level: Int, Comparable {
        case off = 0
        /// Nobody wants the sensor, and the linger runs: set up, but not read. No consumer
        /// asks for this level; `SensorDemand` applies it.
        case paused
        /// Slow tracking: posture for the tablet-mode switch and `org.orientd.Posture1`
        /// (`PostureHub` reads both halves at its low rate; the orientation hub stays off).
        case low
        /// Every sample, for notifications.
        case full
        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    public enum Consumer: Hashable {
        case notifications
        case accelerometerClaims
        /// `PostureHub`: `.low` while a hinge can be measured.
        case posture
        /// Compatibility claims of a sensor that is not the accelerometer (light, proximity,
        /// compass): each such sensor has a `SensorDemand` of its own in `SensorRegistry`.
        case sensorClaims
    }

    public struct Parameters: Equatable {
        /// How long the sensor keeps its set-up (paused, not read) after the last consumer
        /// lets go. Programs that restart (a crashed client that systemd restarts, a settings
        /// panel reopened) come back within about a second; starting and stopping a sensor
        /// costs a handful of sysfs writes and a libiio context each, pausing and resuming
        /// only a timer or an fd watch. A Begin/End storm then costs at most one start and one
        /// stop per linger.
        public var lingerUs: UInt64 = 1_000_000
        public init() {}
    }

    /// The level the sensor runs at now (what `apply` was last called with): `paused` during
    /// the linger.
    public private(set) var running: Level = .off
    private var wants: [Consumer: Level] = [:]
    private let timers: any Timers
    private let parameters: Parameters
    private var linger: (any Cancellable)?
    /// Starts, stops or re-paces the sensor.
    private let apply: (Level) -> Void

    public init(timers: any Timers, parameters: Parameters = Parameters(), apply: @escaping (Level) -> Void) {
        self.timers = timers
        self.parameters = parameters
        self.apply = apply
    }

    /// The highest level any consumer wants.
    public var wanted: Level { wants.values.max() ?? .off }

    /// The system sleeps: the sensor stays off whatever consumers want, and their wants are
    /// kept for `resume`.
    public private(set) var isSuspended = false

    public func suspend() {
        isSuspended = true
        stopNow()
    }

    public func resume() {
        isSuspended = false
        if wanted != .off { run(wanted) }
    }

    public func set(_ consumer: Consumer, _ level: Level) {
        wants[consumer] = level == .off ? nil : level
        guard !isSuspended else { return }
        let target = wanted
        if target == .off {
            guard running != .off else { return }
            run(.paused)
            guard linger == nil else { return }
            do {
                linger = try timers.addTimer(afterUs: parameters.lingerUs) { [unowned(unsafe) self] in
                    self.linger = nil
                    if self.wanted == .off { self.run(.off) }
                }
            } catch {
                Log.error("cannot arm the sensor linger timer: \(error); stopping the sensor now")
                run(.off)
            }
        } else {
            linger?.cancel()
            linger = nil
            if target != running { run(target) }
        }
    }

    /// Stops at once, whoever wants the sensor (shutdown, sleep).
    public func stopNow() {
        linger?.cancel()
        linger = nil
        run(.off)
    }

    private func run(_ level: Level) {
        guard level != running else { return }
        running = level
        apply(level)
    }
}
