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
    public private(set) var bound: DiscoveredKernelHinge?
    public var availabilityChanged: ((Bool) -> Void)?
    public var isAvailable: Bool { bound != nil }
    public var name: String { bound.map { "\($0.sysname) (\($0.hinge?.driver.rawValue ?? "?"))" } ?? "no hinge sensor" }

    private let failureLimit: Int
    private var failures = 0
    private var monitor: DeviceMonitor?
    private var malformedLog = RateLimitedLog()
    private let loop: EventLoop

    public init(loop: EventLoop, parameters: PolledSensorParameters = PolledSensorParameters()) {
        self.loop = loop
        failureLimit = parameters.failureLimit
        do {
            monitor = try DeviceMonitor(loop: loop, subsystem: "iio") { [unowned(unsafe) self] action, device in
                self.deviceEvent(action, device)
            }
        } catch {
            Log.error("cannot watch IIO devices for hinge sensors: \(error)")
        }
        bind(DiscoveredKernelHinge.select(DiscoveredKernelHinge.scan()))
    }

    public func readDegrees() throws(SourceError) -> Double {
        guard let bound, let hinge = bound.hinge else { throw SourceError("no hinge sensor") }
        let text: String
        do {
            text = try SysfsFile.read(bound.syspath + "/" + hinge.attribute)
        } catch {
            failures += 1
            if failures >= failureLimit { lose("\(failures) reads failed in a row (\(error))") }
            throw SourceError("\(bound.sysname): \(error)")
        }
        failures = 0
        do {
            return try hinge.degrees(text)
        } catch {
            malformedLog.warning("\(bound.sysname): hinge reading dropped: \(hinge.attribute) \(error)", now: loop.now)
            throw SourceError("\(bound.sysname): \(error)")
        }
    }

    private func bind(_ candidate: DiscoveredKernelHinge?) {
        guard let candidate, let hinge = candidate.hinge else { return }
        bound = candidate
        failures = 0
        Log.info("\(candidate.sysname): hinge sensor, \(hinge.summary)")
    }

    private func deviceEvent(_ action: String, _ device: Device) {
        switch action {
        case "remove":
            if device.syspath == bound?.syspath { lose("removed") }
        case "add", "change", "bind":
            guard bound == nil, KernelHinge.describe(device) != nil else { return }
            bind(DiscoveredKernelHinge.select(DiscoveredKernelHinge.scan()))
            if bound != nil { availabilityChanged?(true) }
        default:
            break
        }
    }

    private func lose(_ reason: String) {
        guard let bound else { return }
        Log.warning("\(bound.sysname): \(reason); no hinge sensor until one appears")
        self.bound = nil
        availabilityChanged?(false)
    }
}
