import Systemd

/// Where a hinge angle read by the kernel comes from (`KernelHingeSensor`; a fake in tests).
public protocol HingeAngleSource: AnyObject {
    /// For logs: what this source reads.
    var name: String { get }
    var isAvailable: Bool { get }
    /// Called on the loop when a sensor is bound (true) or lost (false).
    var availabilityChanged: ((Bool) -> Void)? { get set }
    /// One fresh reading, degrees as the kernel gives them (out of [0, 360]: no angle).
    func readDegrees() throws(SourceError) -> Double
}

/// The kernel hinge sensor of this machine, if any (`KernelHinge`): bound at start and on
/// udev add/change events, lost on remove or after `failureLimit` reads in a row fail (its
/// files vanished without a remove event). It keeps nothing open and runs no timer: the
/// posture hub reads it once per tick.
public final class KernelHingeSensor: HingeAngleSource {
    public var bound: DiscoveredKernelHinge? { binding.bound }
    public var availabilityChanged: ((Bool) -> Void)?
    public var isAvailable: Bool { bound != nil }
    public var name: String { bound.map { "\($0.sysname) (\($0.hinge?.driver.rawValue ?? "?"))" } ?? "no hinge sensor" }

    private let failureLimit: Int
    private var failures = 0
    private let binding: SensorBinding<KernelHinge>
    private var malformedLog = RateLimitedLog()
    private let timers: any Timers

    public convenience init(loop timers: any Timers, parameters: PolledSensorParameters = PolledSensorParameters()) {
        self.init(timers: timers, binding: SensorBinding(loop: timers, parameters: parameters), parameters: parameters)
    }

    /// A sensor on given devices (tests: a fixed scan, uevents from `ManualTimers`).
    init(timers: any Timers, binding: SensorBinding<KernelHinge>, parameters: PolledSensorParameters) {
        self.timers = timers
        failureLimit = parameters.failureLimit
        self.binding = binding
        binding.changed = { [unowned(unsafe) self] present in
            self.failures = 0
            self.availabilityChanged?(present)
        }
    }

    public func readDegrees() throws(SourceError) -> Double {
        guard let bound, let hinge = bound.hinge else { throw SourceError("no hinge sensor") }
        let text: String
        do {
            text = try bound.device.readAttribute(hinge.attribute)
        } catch {
            failures += 1
            if failures >= failureLimit { binding.lose("\(failures) reads failed in a row (\(error))") }
            throw SourceError("\(bound.sysname): \(error)")
        }
        failures = 0
        do {
            return try hinge.degrees(text)
        } catch {
            malformedLog.warning("\(bound.sysname): hinge reading dropped: \(hinge.attribute) \(error)", now: timers.now)
            throw SourceError("\(bound.sysname): \(error)")
        }
    }
}
