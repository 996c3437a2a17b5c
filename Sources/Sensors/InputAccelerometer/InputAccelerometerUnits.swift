import OrientationCore

/// How many counts of an input accelerometer's ABS_X/Y/Z make one g, and where that came from.
/// Evdev has no scale attribute as IIO has; the first source present and valid is used:
/// 1. the udev property `ORIENTD_ACCEL_RESOLUTION` (counts per g, set with hwdb or a rule: the
///    administrator knows the device better than its driver; `udev/80-orientd.rules` sets it
///    for lis3lv02d, whose values are in mg per the kernel's lis3lv02d documentation);
/// 2. the axes' `input_absinfo.resolution`, only when the device has INPUT_PROP_ACCELEROMETER:
///    the kernel's `include/uapi/linux/input.h` defines it for such devices in units per g
///    (without the property it is units per mm, meaningless here); all three must agree;
/// 3. otherwise iio-sensor-proxy's assumption for every input accelerometer (drv-input-accel.c
///    scales by 1/256 g: "1G ~= 256"), which hdaps-style drivers report.
public struct InputAccelerometerUnits: Equatable, Sendable {
    public static let property = "ORIENTD_ACCEL_RESOLUTION"
    /// iio-sensor-proxy's counts per g for an input accelerometer that says nothing.
    public static let assumedCountsPerG = 256.0

    public let countsPerG: Double
    public let source: String
    /// A property that was present but unusable, for the log.
    public let note: String?

    /// m/s² per count.
    public var scale: Double { standardGravity / countsPerG }

    public init(property text: String?, hasAccelerometerProperty: Bool, resolutions: [Int32]) {
        var note: String?
        if let text {
            do {
                let value = try DecimalNumber.parseDouble(text)
                if value.isFinite && value > 0 {
                    self.init(countsPerG: value, source: "udev \(Self.property)", note: nil)
                    return
                }
                note = "udev \(Self.property) \"\(text)\": not a positive number, ignoring"
            } catch {
                note = "udev \(Self.property) \(error), ignoring"
            }
        }
        if hasAccelerometerProperty, let first = resolutions.first, first > 0, resolutions.allSatisfy({ $0 == first }) {
            self.init(countsPerG: Double(first), source: "input_absinfo resolution", note: note)
            return
        }
        self.init(countsPerG: Self.assumedCountsPerG, source: "not given; iio-sensor-proxy's 256 per g", note: note)
    }

    init(countsPerG: Double, source: String, note: String?) {
        self.countsPerG = countsPerG
        self.source = source
        self.note = note
    }

    /// The sensor-frame reading in m/s².
    public func sensorFrame(_ x: Int32, _ y: Int32, _ z: Int32) -> Vector3 {
        Vector3(Double(x), Double(y), Double(z)) * scale
    }
}
