import Systemd

/// What every sensor that reads the first usable device of one kind has (`PolledSensor`,
/// `BufferedSensor`): the binding (`SensorBinding`: discovery, hotplug), the last good
/// reading and who hears of it, and the reads failed in a row, after which the device is
/// given up until udev announces one again. Subclasses read; `bindingChanged` tells them of
/// a device bound or lost.
public class BoundSensor<Kind: DiscoverableSensorKind, Reading: Equatable> {
    public var bound: DiscoveredSensor<Kind>? { binding.bound }
    /// The last good reading of the bound device (kept while stopped, as iio-sensor-proxy does).
    public private(set) var reading: Reading?
    /// Called when a device is bound (true) or lost (false).
    public var availabilityChanged: ((Bool) -> Void)?
    /// Called with each reading that differs from the previous one.
    public var readingChanged: ((Reading) -> Void)?
    public var isAvailable: Bool { bound != nil }
    public internal(set) var isRunning = false

    let loop: any Timers
    let binding: SensorBinding<Kind>
    var failures = 0
    private let failureLimit: Int
    private var malformedLog = RateLimitedLog()

    init(timers: any Timers, binding: SensorBinding<Kind>, failureLimit: Int) {
        loop = timers
        self.failureLimit = failureLimit
        self.binding = binding
        binding.changed = { [unowned(unsafe) self] present in
            self.failures = 0
            self.bindingChanged(present)
            self.availabilityChanged?(present)
            if present && self.isRunning { self.bindingReady() }
        }
    }

    /// Every device of the kind udev knows now (refused ones included, with the reason).
    public static func scan(parameters: Kind.Parameters) -> [DiscoveredSensor<Kind>] {
        SensorBinding<Kind>.scan(parameters: parameters)
    }

    /// A device was bound or lost: what was read from the previous one goes.
    func bindingChanged(_ present: Bool) {}
    /// A device was bound while running: read it.
    func bindingReady() {}

    /// A good reading: told when it differs from the last.
    func note(_ value: Reading) {
        guard value != reading else { return }
        reading = value
        readingChanged?(value)
    }

    /// A value that is not a reading: dropped with its reason, rate-limited.
    func drop(_ source: String, _ reason: String) {
        guard let bound else { return }
        malformedLog.warning("\(bound.sysname): \(Kind.role) reading dropped: \(source) \(reason)", now: loop.now)
    }

    /// A read failed; true when it was one too many and the device was given up.
    func readFailed(_ what: String, _ reason: String) -> Bool {
        failures += 1
        guard failures >= failureLimit else { return false }
        binding.lose("\(failures) \(what) failed in a row (\(reason))")
        return true
    }
}
