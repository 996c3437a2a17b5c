import OrientationCore
import Systemd

/// How the pressure sensor is read and which values are readings. One value, so every number
/// has its reason in one place.
public struct PressureParameters: Equatable {
    /// Weather and altitude change the pressure over minutes (1 hPa, 0.1 kPa, is about 8 m of
    /// height): a reading a second follows a lift or a stair and wakes the machine no more
    /// often than ambient light does.
    public var intervalUs: UInt64 = 1_000_000
    /// The lowest reading taken, kPa: no sensor reports a vacuum, and 0 is what a driver with a
    /// dead or unpowered chip returns.
    public var minimumKPa = 0.0
    /// The highest reading taken, kPa: 10 MPa, 100 bar (about 1 km of water), above the range
    /// of the pressure sensors that are IIO devices (barometers to 110 kPa, depth gauges to
    /// 3 MPa); more is a wrong scale or a corrupt value.
    public var maximumKPa = 10_000.0
    public init() {}
}

/// An IIO pressure sensor (barometer) read by polling, in kPa as the kernel's IIO ABI gives
/// pressure: `in_pressure_input` (or `in_pressure0_input`) as read, else `in_pressure_raw` (or
/// `in_pressure0_raw`) as (raw + offset) × scale from the channel's `_offset`/`_scale`. A value
/// that is not finite, not above `minimumKPa` or above `maximumKPa` is dropped.
public struct Pressure: CataloguedSensorKind {
    public static let role = "pressure"
    public static let subsystems = ["iio"]
    /// The channels looked for, the unnumbered one first.
    public static let channels = ["in_pressure", "in_pressure0"]

    public static let entry = SensorKindEntry(
        name: role, interface: Contract.Pressure1.interface, objectPath: Contract.Pressure1.objectPath,
        hasProperty: Contract.Pressure1.hasPressure, valueProperty: Contract.Pressure1.pressure,
        claimMethod: Contract.Pressure1.claimPressure, releaseMethod: Contract.Pressure1.releasePressure,
        unit: "kPa", subsystem: "iio", udevAttributes: channels.flatMap { [$0 + "_input", $0 + "_raw"] })

    public let attribute: String
    public let intervalUs: UInt64
    /// nil for a processed (`_input`) channel.
    public let conversion: ChannelConversion?
    private let parameters: PressureParameters

    public var summary: String {
        let how = conversion.map { "raw, scale \($0.scale) (\($0.scaleSource)), offset \($0.offset)" } ?? "processed"
        return "polled \(attribute) every \(intervalUs / 1000) ms (\(how), kPa)"
    }

    public static func describe(_ device: Device, parameters: PolledSensorParameters) -> Result<Pressure, PolledSensorRefusal>? {
        describe(device, pressure: PressureParameters())
    }

    static func describe(_ device: Device, pressure: PressureParameters) -> Result<Pressure, PolledSensorRefusal>? {
        guard device.property("SUBSYSTEM") == "iio" || device.sysname.hasPrefix("iio:device") else { return nil }
        if let channel = channels.first(where: { device.attribute($0 + "_input") != nil }) {
            return .success(Pressure(attribute: channel + "_input", conversion: nil, parameters: pressure))
        }
        guard let channel = channels.first(where: { device.attribute($0 + "_raw") != nil }) else { return nil }
        return ChannelConversion.read(device, names: [channel]).map {
            Pressure(attribute: channel + "_raw", conversion: $0, parameters: pressure)
        }
    }

    init(attribute: String, conversion: ChannelConversion?, parameters: PressureParameters) {
        self.attribute = attribute
        self.intervalUs = parameters.intervalUs
        self.conversion = conversion
        self.parameters = parameters
    }

    /// The pressure in kPa.
    public mutating func interpret(_ text: String) throws(MalformedReading) -> Double {
        let number = try MalformedReading.number(text)
        let value = conversion.map { (number + $0.offset) * $0.scale } ?? number
        guard value.isFinite else { throw MalformedReading("gives \(value)") }
        guard value > parameters.minimumKPa, value <= parameters.maximumKPa else {
            throw MalformedReading("gives \(value) kPa, outside (\(parameters.minimumKPa), \(parameters.maximumKPa)]")
        }
        return value
    }
}
