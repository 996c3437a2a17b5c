import OrientationCore
import Systemd

/// An IIO proximity sensor read by polling `in_proximity_raw`, or `in_proximity0_raw` where
/// the driver numbers its channels (HID sensor hubs, SAR sensors; iio-sensor-proxy's
/// `iio-poll-proximity`). The near level comes from the udev property `PROXIMITY_NEAR_LEVEL`
/// (set from hwdb), else the driver's `in_proximity_nearlevel` (`in_proximity0_nearlevel`); a sensor with neither is
/// refused, as iio-sensor-proxy refuses it: without a level, "near" means nothing.
/// Near is iio-sensor-proxy's rule: the value exceeds the near level times the high water
/// mark, or times the low one while the previous value was above the level. A value held
/// for two polls is therefore near exactly when it is above the level; the marks only
/// delay a jittering crossing by one poll.
public struct Proximity: PolledSensorKind {
    public static let role = "proximity"
    public static let subsystems = ["iio"]
    /// The channels looked for, the unnumbered one first.
    public static let channels = ["in_proximity", "in_proximity0"]
    public let attribute: String
    public let intervalUs: UInt64
    public let nearLevel: Int64
    public let nearLevelSource: String
    private let lowMark: Double
    private let highMark: Double
    private var last: Int64 = 0

    public var summary: String {
        "polled \(attribute) every \(intervalUs / 1000) ms, near level \(nearLevel) (\(nearLevelSource))"
    }

    public static func describe(_ device: Device, parameters: PolledSensorParameters) -> Result<Proximity, PolledSensorRefusal>? {
        guard SensorProxyType.allows(SensorProxyType(device.property), [SensorProxyType.pollProximity]),
              let channel = channels.first(where: { device.attribute($0 + "_raw") != nil }) else { return nil }
        var level: Int64 = 0
        var source = ""
        for (text, from) in [(device.property("PROXIMITY_NEAR_LEVEL"), "udev PROXIMITY_NEAR_LEVEL"),
                             (device.attribute(channel + "_nearlevel"), "sysfs \(channel)_nearlevel")] {
            guard let text else { continue }
            do {
                level = try DecimalNumber.parseInteger(text)
            } catch {
                return .failure(PolledSensorRefusal("\(from) \"\(text)\": \(error)"))
            }
            source = from
            if level != 0 { break }
        }
        guard level > 0 else {
            return .failure(PolledSensorRefusal("no PROXIMITY_NEAR_LEVEL udev property or \(channel)_nearlevel: near cannot be told from far"))
        }
        return .success(Proximity(attribute: channel + "_raw", intervalUs: parameters.proximityIntervalUs, nearLevel: level, nearLevelSource: source,
                                  lowMark: parameters.proximityLowMark, highMark: parameters.proximityHighMark))
    }

    /// True when near.
    public mutating func interpret(_ text: String) throws(MalformedReading) -> Bool {
        let value = try MalformedReading.integer(text)
        let threshold = Double(nearLevel) * (last > nearLevel ? lowMark : highMark)
        last = value
        return Double(value) > threshold
    }
}
