/// Where an accelerometer sits (docs/sensor-inputs.md). Orientation comes from the display one.
public enum AccelerometerLocation: String, Sendable {
    case display
    case base
}

/// Everything orientd needs to turn an IIO accelerometer's raw counts into the gravity
/// vector in the device frame, and where each value came from (for `orientctl sensors` and
/// the logs). Built from udev properties and sysfs attributes by `init(reading:)`.
public struct AccelerometerConfiguration: Equatable, Sendable {
    public var name: String
    public var location: AccelerometerLocation
    public var locationSource: String
    public var mountMatrix: MountMatrix
    public var mountMatrixSource: String
    /// x, y, z.
    public var axes: [AxisCalibration]
    public var scaleSources: [String]
    public var offsetSources: [String]
    /// Has scan elements: read through the triggered buffer.
    public var hasBuffer: Bool
    /// Has `in_accel_{x,y,z}_raw`: can be read polled (a buffer-only part cannot).
    public var hasRawAttributes: Bool
    /// The device states a scale. Without one, counts are taken as m/s² (scale 1, as
    /// iio-sensor-proxy does) and the steady length is brought to g (`SteadyLengthScale`).
    public var scaleKnown: Bool
    /// Things that were wrong but did not stop the device from being used ("…, ignoring").
    public var notes: [String]

    public static let axisNames = ["x", "y", "z"]
    /// The channel names of the axes: `accel_x` (`in_accel_x_raw`), or `accel0_x`
    /// (`in_accel0_x_raw`) where the driver numbers its channels; the first with all three wins.
    public static let channelPrefixes = ["accel", "accel0"]
    /// `accel` or `accel0` (libiio's channel ids are `<prefix>_x`, …).
    public var channelPrefix: String

    /// Why a device is not used.
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        case notAnAccelerometer
        case badCalibration(String)
        public var description: String {
            switch self {
            case .notAnAccelerometer: return "no in_accel_x/y/z channels"
            case .badCalibration(let reason): return reason
            }
        }
    }

    /// Reads the configuration. `property` answers udev properties, `attribute` sysfs
    /// attributes of the device (nil when absent).
    public init(name fallbackName: String, property: (String) -> String?, attribute: (String) -> String?) throws(Refusal) {
        func polledAs(_ prefix: String) -> Bool { Self.axisNames.allSatisfy { attribute("in_\(prefix)_\($0)_raw") != nil } }
        func bufferedAs(_ prefix: String) -> Bool { Self.axisNames.allSatisfy { attribute("scan_elements/in_\(prefix)_\($0)_en") != nil } }
        guard let prefix = Self.channelPrefixes.first(where: { polledAs($0) || bufferedAs($0) }) else { throw .notAnAccelerometer }
        channelPrefix = prefix
        let polled = polledAs(prefix)
        hasBuffer = bufferedAs(prefix)
        hasRawAttributes = polled
        name = attribute("name") ?? fallbackName
        notes = []

        // Mount matrix: the first source that parses wins.
        mountMatrix = .identity
        mountMatrixSource = "identity (none given)"
        let matrixSources: [(String, String?)] = [
            ("udev ACCEL_MOUNT_MATRIX", property("ACCEL_MOUNT_MATRIX")),
            ("sysfs mount_matrix", attribute("mount_matrix")),
            ("sysfs in_accel_mount_matrix", attribute("in_accel_mount_matrix")),
            ("sysfs in_mount_matrix", attribute("in_mount_matrix")),
        ]
        for (source, text) in matrixSources {
            guard let text else { continue }
            do {
                mountMatrix = try MountMatrix(parsing: text)
                mountMatrixSource = source
                break
            } catch {
                notes.append("\(source): \(error), ignoring")
            }
        }

        // Location: udev ACCEL_LOCATION, then sysfs label, then sysfs location, then display.
        location = .display
        locationSource = "default"
        if let value = property("ACCEL_LOCATION") {
            if let parsed = AccelerometerLocation(rawValue: value) {
                location = parsed
                locationSource = "udev ACCEL_LOCATION"
            } else {
                notes.append("udev ACCEL_LOCATION \"\(value)\" is neither display nor base, ignoring")
            }
        }
        if locationSource == "default", let label = attribute("label") {
            switch label {
            case "accel-display": location = .display; locationSource = "sysfs label"
            case "accel-base": location = .base; locationSource = "sysfs label"
            default: break
            }
        }
        if locationSource == "default", let value = attribute("location"), let parsed = AccelerometerLocation(rawValue: value) {
            location = parsed
            locationSource = "sysfs location"
        }

        // (raw + offset) × scale; a per-axis attribute wins over the shared one.
        axes = []
        scaleSources = []
        offsetSources = []
        // No scale on any axis: scale 1, the steady length decides (SteadyLengthScale). A
        // scale on some axes only is a driver that names its channels otherwise: refused.
        scaleKnown = Self.axisNames.contains { attribute("in_\(prefix)_\($0)_scale") != nil } || attribute("in_accel_scale") != nil
        if !scaleKnown { notes.append("no in_accel_scale or in_accel_<axis>_scale: scale 1, the length of a steady reading taken as g") }
        for axis in Self.axisNames {
            let scaleFile = attribute("in_\(prefix)_\(axis)_scale") != nil ? "in_\(prefix)_\(axis)_scale" : "in_accel_scale"
            guard let scaleText = attribute(scaleFile) ?? (scaleKnown ? nil : "1") else {
                throw .badCalibration("no in_accel_scale or in_accel_\(axis)_scale: raw counts cannot be converted to m/s²")
            }
            let offsetFile = attribute("in_\(prefix)_\(axis)_offset") != nil ? "in_\(prefix)_\(axis)_offset"
                : (attribute("in_accel_offset") != nil ? "in_accel_offset" : nil)
            let scale: Double
            do {
                scale = try DecimalNumber.parseDouble(scaleText)
            } catch {
                throw .badCalibration("\(scaleFile) \(error)")
            }
            var offset = 0.0
            if let offsetFile, let offsetText = attribute(offsetFile) {
                do {
                    offset = try DecimalNumber.parseDouble(offsetText)
                } catch {
                    throw .badCalibration("\(offsetFile) \(error)")
                }
            }
            do {
                axes.append(try AxisCalibration(scale: scale, offset: offset))
            } catch {
                throw .badCalibration("\(scaleFile) \"\(scaleText)\": \(error)")
            }
            scaleSources.append(scaleKnown ? scaleFile : "none (1; steady length taken as g)")
            offsetSources.append(offsetFile ?? "not given")
        }
    }

    /// Raw counts (sensor frame) to the gravity vector in the device frame, m/s².
    @inlinable public func gravity(raw: (Int64, Int64, Int64)) -> Vector3 {
        mountMatrix.apply(sensorFrame(raw: raw))
    }

    /// Raw counts to m/s² in the sensor's own frame (before the mount matrix).
    @inlinable public func sensorFrame(raw: (Int64, Int64, Int64)) -> Vector3 {
        Vector3(axes[0].convert(raw.0), axes[1].convert(raw.1), axes[2].convert(raw.2))
    }
}
