import CallError
import Systemd

/// One device of a polled kind, found by udev.
public struct DiscoveredPolledSensor<Kind: PolledSensorKind> {
    public let sysname: String
    public let syspath: String
    public let result: Result<Kind, PolledSensorRefusal>
    public var kind: Kind? { try? result.get() }
}

/// Finds, binds and polls the first usable device of one kind (ambient light, proximity):
/// discovery through sd-device, add/remove uevents, a timer only while `run(true)`, values
/// that are not readings dropped with a rate-limited reason, a device whose reads keep
/// failing given up until udev announces one again.
public final class PolledSensor<Kind: PolledSensorKind> {
    public private(set) var bound: DiscoveredPolledSensor<Kind>?
    /// The last good reading of the bound device (kept while stopped, as iio-sensor-proxy does).
    public private(set) var reading: Kind.Reading?
    /// Called when a device is bound (true) or lost (false).
    public var availabilityChanged: ((Bool) -> Void)?
    /// Called with each reading that differs from the previous one.
    public var readingChanged: ((Kind.Reading) -> Void)?
    public var isAvailable: Bool { bound != nil }
    public private(set) var isRunning = false

    private let loop: EventLoop
    private let parameters: PolledSensorParameters
    private var kind: Kind?
    private var monitors: [DeviceMonitor] = []
    private var timer: (any Cancellable)?
    private var failures = 0
    private var malformedLog = RateLimitedLog()

    public init(loop: EventLoop, parameters: PolledSensorParameters = PolledSensorParameters()) {
        self.loop = loop
        self.parameters = parameters
        for subsystem in Kind.subsystems {
            do {
                monitors.append(try DeviceMonitor(loop: loop, subsystem: subsystem) { [unowned(unsafe) self] action, device in
                    self.deviceEvent(action, device)
                })
            } catch {
                Log.error("cannot watch \(subsystem) devices for \(Kind.role) sensors: \(error)")
            }
        }
        bind(Self.select(Self.scan(parameters: parameters)))
    }

    /// Every device of the kind udev knows now (refused ones included, with the reason).
    public static func scan(parameters: PolledSensorParameters = PolledSensorParameters()) -> [DiscoveredPolledSensor<Kind>] {
        var found: [DiscoveredPolledSensor<Kind>] = []
        for subsystem in Kind.subsystems {
            let devices: [Device]
            do {
                devices = try Device.enumerate(subsystem: subsystem)
            } catch {
                Log.error("cannot enumerate \(subsystem) devices: \(error)")
                continue
            }
            for device in devices {
                guard let result = Kind.describe(device, parameters: parameters) else { continue }
                found.append(DiscoveredPolledSensor(sysname: device.sysname, syspath: device.syspath, result: result))
            }
        }
        return found
    }

    /// The first usable device; refusals are logged.
    public static func select(_ found: [DiscoveredPolledSensor<Kind>]) -> DiscoveredPolledSensor<Kind>? {
        for candidate in found {
            if case .failure(let refusal) = candidate.result {
                Log.warning("\(candidate.sysname): \(Kind.role) sensor refused: \(refusal)")
                continue
            }
            return candidate
        }
        return nil
    }

    /// Starts (true) or stops (false) polling. Starting reads at once, so a claim sees a
    /// value within one read instead of one period.
    public func run(_ on: Bool) {
        guard on != isRunning else { return }
        isRunning = on
        if on {
            if let bound { Log.debug("\(bound.sysname): \(Kind.role) source started") }
            poll()
        } else {
            timer?.cancel()
            timer = nil
            if let bound { Log.debug("\(bound.sysname): \(Kind.role) source stopped") }
        }
    }

    private func bind(_ candidate: DiscoveredPolledSensor<Kind>?) {
        guard let candidate, let kind = candidate.kind else { return }
        bound = candidate
        self.kind = kind
        failures = 0
        Log.info("\(candidate.sysname): \(Kind.role) sensor, \(kind.summary)")
    }

    private func poll() {
        timer = nil
        guard isRunning, let bound, var kind else { return }
        let now = loop.now
        do {
            let text = try SysfsFile.read(bound.syspath + "/" + kind.attribute)
            failures = 0
            do {
                let value = try kind.interpret(text)
                self.kind = kind
                if value != reading {
                    reading = value
                    readingChanged?(value)
                }
            } catch {
                self.kind = kind
                malformedLog.warning("\(bound.sysname): \(Kind.role) reading dropped: \(kind.attribute) \(error)", now: now)
            }
        } catch {
            failures += 1
            if failures >= parameters.failureLimit {
                lose("\(failures) reads failed in a row (\(error))")
                return
            }
        }
        guard isRunning, self.bound != nil else { return }
        do {
            timer = try loop.addTimer(at: now + kind.intervalUs) { [unowned(unsafe) self] in self.poll() }
        } catch {
            Log.error("cannot arm the \(Kind.role) poll timer: \(error)")
        }
    }

    private func deviceEvent(_ action: String, _ device: Device) {
        switch action {
        case "remove":
            if device.syspath == bound?.syspath { lose("removed") }
        case "add", "change", "bind":
            guard bound == nil else { return }
            // Re-read from udev: the event itself may not carry the udev database properties.
            bind(Self.select(Self.scan(parameters: parameters)))
            guard bound != nil else { return }
            availabilityChanged?(true)
            if isRunning { poll() }
        default:
            break
        }
    }

    private func lose(_ reason: String) {
        guard let bound else { return }
        Log.warning("\(bound.sysname): \(reason); no \(Kind.role) sensor until one appears")
        timer?.cancel()
        timer = nil
        self.bound = nil
        kind = nil
        availabilityChanged?(false)
    }
}
