import CallError
import Systemd

/// One device of a polled kind, found by udev.
public typealias DiscoveredPolledSensor<Kind: PolledSensorKind> = DiscoveredSensor<Kind>

/// Binds (`SensorBinding`: discovery, hotplug) and polls the first usable device of one kind
/// (ambient light, proximity): a timer only while `run(true)`, values that are not readings
/// dropped with a rate-limited reason, a device whose reads keep failing given up until udev
/// announces one again.
public final class PolledSensor<Kind: PolledSensorKind>: BoundSensor<Kind, Kind.Reading> {
    private var kind: Kind?
    private var timer: (any Cancellable)?

    public convenience init(loop timers: any Timers, parameters: PolledSensorParameters = PolledSensorParameters()) {
        self.init(timers: timers, binding: SensorBinding(loop: timers, parameters: parameters), parameters: parameters)
    }

    /// A sensor on given devices (tests: a fixed scan, uevents from `ManualTimers`).
    init(timers: any Timers, binding: SensorBinding<Kind>, parameters: PolledSensorParameters) {
        super.init(timers: timers, binding: binding, failureLimit: parameters.failureLimit)
        kind = binding.bound?.kind
    }

    /// Every device of the kind udev knows now (refused ones included, with the reason).
    public static func scan() -> [DiscoveredPolledSensor<Kind>] { scan(parameters: PolledSensorParameters()) }

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
            let text = try bound.device.readAttribute(kind.attribute)
            failures = 0
            do {
                let value = try kind.interpret(text)
                self.kind = kind
                note(value)
            } catch {
                self.kind = kind
                drop(kind.attribute, error.description)
            }
        } catch {
            if readFailed("reads", error.description) { return }
        }
        guard isRunning, self.bound != nil else { return }
        timer = loop.schedule(at: now + kind.intervalUs, "\(Kind.role) poll") { [unowned(unsafe) self] in self.poll() }
    }

    override func bindingChanged(_ present: Bool) {
        timer?.cancel()
        timer = nil
        kind = binding.bound?.kind
    }

    override func bindingReady() { poll() }
}
