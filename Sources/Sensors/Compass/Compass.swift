import Systemd

/// A tilt-compensated compass read through its IIO buffer (iio-sensor-proxy's
/// `iio-buffer-compass`): the scan element `in_rot_from_north_magnetic_tilt_comp` of a HID
/// sensor hub's `magn_3d` device, the heading from magnetic north in degrees.
///
/// Heading = (raw + offset) × scale, the IIO ABI's conversion, with the scale and offset of
/// the channel (`in_rot_from_north_magnetic_tilt_comp_scale`) or of its type (`in_rot_scale`),
/// the names iio-sensor-proxy 3.0 looks up too. iio-sensor-proxy computes raw × scale and
/// reads but never applies the offset; HID hubs give none, so both give the same heading.
/// A value outside `headingRange` is not a heading and is dropped.
public struct Compass: BufferedSensorKind {
    public static let role = "compass"
    /// The scan element, as sysfs names it (libiio 0.24 calls its channel
    /// `rot_from_north_magnetic`: it is found by its scan index).
    public static let elementName = "in_rot_from_north_magnetic_tilt_comp"
    public let element = Compass.elementName
    public let scanIndex: Int
    public let deviceName: String
    public let intervalUs: UInt64
    public let conversion: ChannelConversion
    private let range: ClosedRange<Double>

    public var summary: String {
        "buffered \(element) read every \(intervalUs / 1000) ms (scale \(conversion.scale) from \(conversion.scaleSource), offset \(conversion.offset), degrees)"
    }

    public static func describe(_ device: Device, parameters: BufferedSensorParameters) -> Result<Compass, PolledSensorRefusal>? {
        guard device.attribute("scan_elements/\(elementName)_en") != nil else { return nil }
        let index: Int
        switch readScanIndex(device, element: elementName) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let value): index = value
        }
        switch ChannelConversion.read(device, names: [elementName, "in_rot"]) {
        case .failure(let refusal):
            return .failure(refusal)
        case .success(let conversion):
            return .success(Compass(scanIndex: index, deviceName: device.attribute("name") ?? "magn_3d", intervalUs: parameters.compassIntervalUs,
                                    conversion: conversion, range: parameters.headingRange))
        }
    }

    /// The heading in degrees.
    public func interpret(_ raw: Int64) throws(MalformedReading) -> Double {
        let heading = conversion.apply(raw)
        guard heading.isFinite, range.contains(heading) else {
            throw MalformedReading("gives \(heading)°, not a heading (\(range.lowerBound)…\(range.upperBound))")
        }
        return heading
    }
}
