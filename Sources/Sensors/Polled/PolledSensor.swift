import CallError
import Systemd

/// One device of a polled kind, found by udev.
public typealias DiscoveredPolledSensor<Kind: PolledSensorKind> = DiscoveredSensor<Kind>

/// Binds (`SensorBinding`: discovery, hotplug) and polls the first usable device of one kind
/// (ambient light, proximity): a timer only while `run(true)`, values that are not readings
/// dropped with a rate-limited reason, a device whose reads keep failing given up until udev
/// announces one again.
public final class PolledSensor<Kind: PolledSensorKind> {
    public var bound: DiscoveredPolledSensor<Kind>? { binding.bound }
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
    private let binding: SensorBinding<Kind>
    private var kind: Kind?
    private var timer: (any Cancellable)?
    private var failures = 0
    private var malformedLog = RateLimitedLog()

    public init(loop: EventLoop, parameters: PolledSensorParameters = PolledSensorParameters()) {
        self.loop = loop
        self.parameters = parameters
        binding = SensorBinding(loop: loop, parameters: parameters)
        kind = binding.bound?.kind
        binding.changed = { [unowned(unsafe) self] present in self.bindingChanged(present) }
    }

    /// Every device of the kind udev knows now (refused ones included, with the reason).
    public static func scan(parameters: PolledSensorParameters = PolledSensorParameters()) -> [DiscoveredPolledSensor<Kind>] {
        SensorBinding<Kind>.scan(parameters: parameters)
    }

    /// Starts (`reading`) or stops polling; a polled sensor has no set-up, so `idle` is `off`.
    /// Starting reads at once, so a claim sees a value within one read instead of one period.
    public func run(_ state: SensorRun) {
        let on = state == .reading
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
                binding.lose("\(failures) reads failed in a row (\(error))")
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

    private func bindingChanged(_ present: Bool) {
        timer?.cancel()
        timer = nil
        failures = 0
        kind = binding.bound?.kind
        availabilityChanged?(present)
        if present && isRunning { poll() }
    }
}
