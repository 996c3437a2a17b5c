import CLibc
import Systemd

/// What makes the synthetic sensors appear. iio-sensor-proxy's own test suite sets these
/// environment variables to get a light sensor or a compass whose readings it knows in advance
/// (its `fake-light` and `fake-compass` drivers), latched onto the input device udev names
/// "Power Button"; orientd serves them the same way, so that suite and clients' tests written
/// against it run against orientd too. Unset, no synthetic sensor exists and nothing is scanned.
public struct SyntheticSensorParameters: Equatable {
    /// The environment variables, iio-sensor-proxy's names.
    public static let lightVariable = "FAKE_LIGHT_SENSOR"
    public static let compassVariable = "FAKE_COMPASS"
    /// The udev property `NAME` of the input device a synthetic sensor is bound to (quoted, as
    /// udev stores it): a power button exists on nearly every machine.
    public static let anchorName = "\"Power Button\""
    public var light = false
    public var compass = false
    /// One reading a second, the pace of iio-sensor-proxy's fake drivers: a test waits for
    /// the next value, so a slower pace only makes it slower.
    public var intervalUs: UInt64 = 1_000_000
    public var failureLimit = 1

    public init(light: Bool = false, compass: Bool = false) {
        self.light = light
        self.compass = compass
    }

    /// As the daemon's environment asks.
    public static func fromEnvironment() -> SyntheticSensorParameters {
        SyntheticSensorParameters(light: getenv(lightVariable) != nil, compass: getenv(compassVariable) != nil)
    }
}

/// A synthetic sensor's readings: the first when it starts, each next one a period later.
public protocol SyntheticSensorKind: DiscoverableSensorKind where Parameters == SyntheticSensorParameters {
    associatedtype Reading: Equatable
    /// Whether `parameters` ask for this kind.
    static func isEnabled(_ parameters: SyntheticSensorParameters) -> Bool
    /// The reading after `previous` (nil: none yet).
    static func next(after previous: Reading?) -> Reading
    init()
}

extension SyntheticSensorKind {
    public static var subsystems: [String] { ["input"] }
    public var summary: String { "synthetic, one reading a second (\(Self.role))" }

    public static func describe(_ device: Device, parameters: SyntheticSensorParameters) -> Result<Self, PolledSensorRefusal>? {
        guard isEnabled(parameters), device.property("NAME") == SyntheticSensorParameters.anchorName else { return nil }
        return .success(Self())
    }
}

/// Binds a synthetic kind to its anchor device (`SensorBinding`: discovery, hotplug) and, while
/// `run(.reading)`, gives its next reading at once and then once a period. The sequence goes
/// on where it stopped when the sensor runs again.
public final class SyntheticSensor<Kind: SyntheticSensorKind>: BoundSensor<Kind, Kind.Reading> {
    private let intervalUs: UInt64
    private var last: Kind.Reading?
    private var timer: (any Cancellable)?

    public convenience init(loop timers: any Timers, parameters: SyntheticSensorParameters) {
        self.init(timers: timers, binding: SensorBinding(loop: timers, parameters: parameters), parameters: parameters)
    }

    /// On any `Timers` and binding (tests: the manual clock and a fixed scan).
    init(timers: any Timers, binding: SensorBinding<Kind>, parameters: SyntheticSensorParameters) {
        intervalUs = parameters.intervalUs
        super.init(timers: timers, binding: binding, failureLimit: parameters.failureLimit)
    }

    public func run(_ state: SensorRun) {
        let on = state == .reading
        guard on != isRunning else { return }
        isRunning = on
        timer = nil
        if on { tick() }
    }

    private func tick() {
        timer = nil
        guard isRunning, bound != nil else { return }
        let value = Kind.next(after: last)
        last = value
        note(value)
        timer = loop.schedule(afterUs: intervalUs, "\(Kind.role) reading") { [unowned(unsafe) self] in self.tick() }
    }

    override func bindingChanged(_ present: Bool) { timer = nil }

    override func bindingReady() { tick() }
}
