import OrientationCore
import Systemd

/// A light level and its unit, as `LightLevel` and `LightLevelUnit` publish them.
public struct LightLevel: Equatable {
    public enum Unit: String {
        /// The device gives lux: a processed value (`_input`) or a raw one with a scale.
        case lux
        /// Counts of the device's own (a raw value without scale, Apple's SMC sensor).
        case vendor
    }
    public let value: Double
    public let unit: Unit
    public init(value: Double, unit: Unit) {
        self.value = value
        self.unit = unit
    }
}

/// An ambient light sensor read by polling (the udev rule of iio-sensor-proxy calls these
/// `iio-poll-als` and `hwmon-als`):
/// - IIO `in_illuminance_input` / `in_illuminance0_input`: processed, lux as read;
/// - IIO `in_illuminance_raw` / `in_illuminance0_raw`: (raw + offset) × scale from the
///   channel's `_offset`/`_scale` (IIO ABI); lux when a scale is given, else vendor counts;
/// - hwmon `light` ("(left,right)", Apple's SMC): the brighter side in percent of full
///   scale, vendor.
public struct AmbientLight: PolledSensorKind {
    public enum Mode: Equatable {
        case processed
        case scaled(scale: Double, offset: Double)
        case raw(offset: Double)
        case hwmon(fullScale: Double)
    }

    public static let role = "ambient light"
    /// `platform`: Apple's SMC (`applesmc.768`) carries `light` on its platform device, which
    /// iio-sensor-proxy's rule marks `hwmon-als`; only a marked platform device is read.
    public static let subsystems = ["iio", "hwmon", "platform"]

    public let attribute: String
    public let intervalUs: UInt64
    public let mode: Mode
    public var unit: LightLevel.Unit {
        switch mode {
        case .processed, .scaled: return .lux
        case .raw, .hwmon: return .vendor
        }
    }

    public var summary: String {
        let how: String
        switch mode {
        case .processed: how = "processed"
        case .scaled(let scale, let offset): how = "raw, scale \(scale), offset \(offset)"
        case .raw(let offset): how = "raw without scale, offset \(offset)"
        case .hwmon(let fullScale): how = "hwmon, percent of \(fullScale)"
        }
        return "polled \(attribute) every \(intervalUs / 1000) ms (\(how), unit \(unit.rawValue))"
    }

    public static func describe(_ device: Device, parameters: PolledSensorParameters) -> Result<AmbientLight, PolledSensorRefusal>? {
        let mark = SensorProxyType(device.property)
        guard SensorProxyType.allows(mark, [SensorProxyType.pollLight, SensorProxyType.hwmonLight]) else { return nil }
        let subsystem = device.property("SUBSYSTEM")
        let inHwmon = subsystem == "hwmon" || device.syspath.split(separator: "/").dropLast().last == "hwmon"
        // Outside iio and hwmon only what a rule marks hwmon-als (applesmc) is looked at.
        let markedHwmon = mark?.names(SensorProxyType.hwmonLight) == true
        let inIIO = subsystem == "iio" || device.sysname.hasPrefix("iio:device")
        guard inIIO || inHwmon || markedHwmon else { return nil }
        if inHwmon || markedHwmon, device.attribute("light") != nil {
            return .success(AmbientLight(attribute: "light", intervalUs: parameters.lightIntervalUs,
                                         mode: .hwmon(fullScale: parameters.hwmonLightFullScale)))
        }
        if inHwmon { return nil }
        for channel in ["in_illuminance", "in_illuminance0"] where device.attribute(channel + "_input") != nil {
            return .success(AmbientLight(attribute: channel + "_input", intervalUs: interval(device, channel, parameters),
                                         mode: .processed))
        }
        for channel in ["in_illuminance", "in_illuminance0"] where device.attribute(channel + "_raw") != nil {
            let interval = interval(device, channel, parameters)
            var offset = 0.0
            if let text = device.attribute(channel + "_offset") {
                do {
                    offset = try DecimalNumber.parseDouble(text)
                } catch {
                    return .failure(PolledSensorRefusal("\(channel)_offset: \(error)"))
                }
            }
            guard let scale = ChannelConversion.scale(device, channel) else {
                return .success(AmbientLight(attribute: channel + "_raw", intervalUs: interval, mode: .raw(offset: offset)))
            }
            return scale.map { AmbientLight(attribute: channel + "_raw", intervalUs: interval, mode: .scaled(scale: $0, offset: offset)) }
        }
        return nil
    }

    private static func interval(_ device: Device, _ channel: String, _ parameters: PolledSensorParameters) -> UInt64 {
        guard parameters.honoursIntegrationTime,
              let text = device.attribute(channel + "_integration_time") ?? device.attribute("integration_time"),
              let seconds = try? DecimalNumber.parseDouble(text), seconds.isFinite, seconds > 0, seconds < 60 else {
            return parameters.lightIntervalUs
        }
        return max(parameters.lightIntervalUs, UInt64(seconds * 1_000_000))
    }

    public mutating func interpret(_ text: String) throws(MalformedReading) -> LightLevel {
        let value: Double
        switch mode {
        case .hwmon(let fullScale):
            value = try Self.hwmonLevel(text, fullScale: fullScale)
        case .processed:
            value = try Self.number(text)
        case .scaled(let scale, let offset):
            value = (try Self.number(text) + offset) * scale
        case .raw(let offset):
            value = try Self.number(text) + offset
        }
        guard value.isFinite else { throw MalformedReading("gives \(value)") }
        // Light cannot be negative: a negative level is a driver or offset error, and a
        // brightness controller would take it for darkness.
        guard value >= 0 else { throw MalformedReading("gives a negative level \(value)") }
        return LightLevel(value: value, unit: unit)
    }

    static func number(_ text: String) throws(MalformedReading) -> Double {
        try MalformedReading.number(text)
    }

    /// "(left,right)" of applesmc.
    static func hwmonLevel(_ text: String, fullScale: Double) throws(MalformedReading) -> Double {
        guard text.hasPrefix("("), text.hasSuffix(")") else { throw MalformedReading("\"\(text)\" is not (left,right)") }
        let parts = text.dropFirst().dropLast().split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw MalformedReading("\"\(text)\" is not (left,right)") }
        var sides: [Double] = []
        for part in parts {
            do {
                sides.append(Double(try DecimalNumber.parseInteger(part)))
            } catch {
                throw MalformedReading("\"\(text)\": \(error)")
            }
        }
        return max(sides[0], sides[1]) / fullScale * 100
    }
}
