/// iio-sensor-proxy's udev property `IIO_SENSOR_PROXY_TYPE`: the drivers a rule or hwdb entry
/// names for a device, separated by spaces (its own rule appends one per driver that fits, so
/// a device with raw attributes and a buffer reads "iio-poll-accel iio-buffer-accel"). Users
/// write local rules that set it to work around a device: force polling on a buffer that
/// never delivers, mark a light sensor outside hwmon (applesmc). orientd honours the mark
/// where it is set; without it, orientd's own discovery decides (docs/sensor-inputs.md).
public struct SensorProxyType: Equatable, CustomStringConvertible {
    public static let property = "IIO_SENSOR_PROXY_TYPE"

    public static let pollAccel = "iio-poll-accel"
    public static let bufferAccel = "iio-buffer-accel"
    public static let pollLight = "iio-poll-als"
    public static let bufferLight = "iio-buffer-als"
    public static let hwmonLight = "hwmon-als"
    public static let pollProximity = "iio-poll-proximity"
    public static let pollCompass = "iio-poll-compass"
    public static let bufferCompass = "iio-buffer-compass"

    public let names: [String]

    /// nil when the device has no (or an empty) mark.
    public init?(_ property: (String) -> String?) {
        guard let text = property(Self.property) else { return nil }
        let names = text.split(separator: " ", omittingEmptySubsequences: true).map { String($0) }
        guard !names.isEmpty else { return nil }
        self.names = names
    }

    public func names(_ driver: String) -> Bool { names.contains(driver) }

    public func namesAny(_ drivers: [String]) -> Bool { drivers.contains { names.contains($0) } }

    public var description: String { "udev \(Self.property)=\"\(names.joined(separator: " "))\"" }

    /// Whether a sensor of a kind whose drivers are `drivers` may be read from a device with
    /// `mark`: always without a mark, else only when the mark names one of them.
    public static func allows(_ mark: SensorProxyType?, _ drivers: [String]) -> Bool {
        mark.map { $0.namesAny(drivers) } ?? true
    }
}
