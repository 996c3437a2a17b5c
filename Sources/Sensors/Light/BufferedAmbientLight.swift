import Systemd

/// An ambient light sensor read through its IIO buffer (iio-sensor-proxy's `iio-buffer-als`):
/// the scan element `in_intensity_both` of a HID sensor hub's `als` device.
///
/// Level = (raw + offset) × scale, with the channel's scale and offset
/// (`in_intensity_both_scale`) or its type's (`in_intensity_scale`), the names
/// iio-sensor-proxy 3.0 looks up too (it reads but never applies the offset; HID hubs give
/// none). The unit is lux, as iio-sensor-proxy reports it: the IIO ABI calls intensity
/// unitless, but HID sensor hubs follow Microsoft's HID sensor usages, which give lux.
public struct BufferedAmbientLight: BufferedSensorKind {
    public static let role = "ambient light"
    /// The scan element, as sysfs names it.
    public static let elementName = "in_intensity_both"
    public let scan: BufferedScan
    public var unit: LightLevel.Unit { .lux }

    public var summary: String {
        "\(scan.summary), unit \(unit.rawValue))"
    }

    public static func describe(_ device: Device, parameters: BufferedSensorParameters) -> Result<BufferedAmbientLight, PolledSensorRefusal>? {
        guard SensorProxyType.allows(SensorProxyType(device.property), [SensorProxyType.bufferLight]) else { return nil }
        return describeScan(device, elements: [(elementName, [elementName, "in_intensity"])], defaultName: "als",
                            intervalUs: parameters.lightIntervalUs)?.map { BufferedAmbientLight(scan: $0) }
    }

    public func interpret(_ values: [Int64]) throws(MalformedReading) -> LightLevel {
        let value = scan.elements[0].conversion.apply(values[0])
        guard value.isFinite else { throw MalformedReading("gives \(value)") }
        // Light cannot be negative: a brightness controller would take it for darkness.
        guard value >= 0 else { throw MalformedReading("gives a negative level \(value)") }
        return LightLevel(value: value, unit: unit)
    }
}
