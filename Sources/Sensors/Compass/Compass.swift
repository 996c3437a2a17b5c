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
    public let scan: BufferedScan
    let range: ClosedRange<Double>

    public var summary: String {
        "\(scan.summary), degrees)"
    }

    public static func describe(_ device: Device, parameters: BufferedSensorParameters) -> Result<Compass, PolledSensorRefusal>? {
        guard SensorProxyType.allows(SensorProxyType(device.property), [SensorProxyType.bufferCompass, SensorProxyType.pollCompass]) else { return nil }
        return describeScan(device, elements: [(elementName, [elementName, "in_rot"])], defaultName: "magn_3d",
                            intervalUs: parameters.compassIntervalUs)?.map { Compass(scan: $0, range: parameters.headingRange) }
    }

    /// The heading in degrees.
    public func interpret(_ values: [Int64]) throws(MalformedReading) -> Double {
        let heading = scan.elements[0].conversion.apply(values[0])
        guard heading.isFinite, range.contains(heading) else {
            throw MalformedReading("gives \(heading)°, not a heading (\(range.lowerBound)…\(range.upperBound))")
        }
        return heading
    }
}
