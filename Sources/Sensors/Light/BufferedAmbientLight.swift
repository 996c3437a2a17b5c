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
    public let element = BufferedAmbientLight.elementName
    public let scanIndex: Int
    public let deviceName: String
    public let intervalUs: UInt64
    public let conversion: ChannelConversion
    public var unit: LightLevel.Unit { .lux }

    public var summary: String {
        "buffered \(element) read every \(intervalUs / 1000) ms (scale \(conversion.scale) from \(conversion.scaleSource), offset \(conversion.offset), unit \(unit.rawValue))"
    }

    public static func describe(_ device: Device, parameters: BufferedSensorParameters) -> Result<BufferedAmbientLight, PolledSensorRefusal>? {
        guard device.attribute("scan_elements/\(elementName)_en") != nil else { return nil }
        let index: Int
        switch readScanIndex(device, element: elementName) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let value): index = value
        }
        switch ChannelConversion.read(device, names: [elementName, "in_intensity"]) {
        case .failure(let refusal):
            return .failure(refusal)
        case .success(let conversion):
            return .success(BufferedAmbientLight(scanIndex: index, deviceName: device.attribute("name") ?? "als", intervalUs: parameters.lightIntervalUs,
                                                 conversion: conversion))
        }
    }

    public func interpret(_ raw: Int64) throws(MalformedReading) -> LightLevel {
        let value = conversion.apply(raw)
        guard value.isFinite else { throw MalformedReading("gives \(value)") }
        // Light cannot be negative: a brightness controller would take it for darkness.
        guard value >= 0 else { throw MalformedReading("gives a negative level \(value)") }
        return LightLevel(value: value, unit: unit)
    }
}
