import OrientationCore
import Systemd

/// A hinge-angle sensor the kernel offers, whose firmware computes the angle itself:
///
/// - ChromeOS `cros-ec-lid-angle` (drivers/iio/common/cros_ec_sensors/cros_ec_lid_angle.c):
///   IIO device named "cros-ec-lid-angle", one unindexed channel `in_angl_raw`, whole degrees
///   0–360 from the EC's MOTIONSENSE_CMD_LID_ANGLE, no scale or offset attribute;
///   LID_ANGLE_UNRELIABLE (500) while the EC cannot tell (hinge vertical, moving).
/// - Intel ISH's custom hinge sensor (drivers/iio/position/hid-sensor-custom-intel-hinge.c):
///   IIO device named "hinge", channels `in_angl0_raw` (hinge, label "hinge"), `in_angl1_raw`
///   (screen) and `in_angl2_raw` (keyboard), shared `in_angl_scale` and `in_angl_offset`.
///   As the IIO ABI says for angles, (raw + offset) × scale is radians: the HID layer's
///   scale for the hinge usage is 0.017453293 (degrees to radians).
///
/// Both drivers also offer a triggered buffer; orientd reads the raw attribute on a timer
/// instead (one sysfs read per wake-up), at the posture hub's rate.
public struct KernelHinge: Equatable, Sendable {
    public enum Driver: String, Sendable {
        case chromeOSLidAngle = "cros-ec-lid-angle"
        case intelHinge = "hinge"
    }

    public let driver: Driver
    /// The attribute read, relative to the device's syspath.
    public let attribute: String
    /// Degrees per raw count, after `offset` is added.
    public let degreesPerCount: Double
    public let offset: Double

    /// How the angle is read, for logs and `orientctl sensors`.
    public var summary: String {
        switch driver {
        case .chromeOSLidAngle:
            return "\(driver.rawValue): \(attribute) in degrees (500: the EC cannot tell)"
        case .intelHinge:
            return "Intel ISH hinge: (\(attribute) + \(offset)) × \(degreesPerCount) degrees (in_angl_scale is radians)"
        }
    }

    /// nil when the device is not a kernel hinge sensor; a refusal when it is but cannot be used.
    public static func describe(_ device: Device) -> Result<KernelHinge, PolledSensorRefusal>? {
        switch device.attribute("name") {
        case Driver.chromeOSLidAngle.rawValue?:
            guard device.attribute("in_angl_raw") != nil else {
                return .failure(PolledSensorRefusal("cros-ec-lid-angle without in_angl_raw"))
            }
            return .success(KernelHinge(driver: .chromeOSLidAngle, attribute: "in_angl_raw", degreesPerCount: 1, offset: 0))
        case Driver.intelHinge.rawValue?:
            guard device.attribute("in_angl0_raw") != nil else { return nil }
            let radians: Double, offset: Double
            do {
                guard let scale = device.attribute("in_angl_scale") ?? device.attribute("in_angl0_scale") else {
                    return .failure(PolledSensorRefusal("no in_angl_scale: the unit of in_angl0_raw is unknown"))
                }
                radians = try DecimalNumber.parseDouble(scale)
                offset = try DecimalNumber.parseDouble(device.attribute("in_angl_offset") ?? device.attribute("in_angl0_offset") ?? "0")
            } catch {
                return .failure(PolledSensorRefusal("in_angl_scale/in_angl_offset: \(error)"))
            }
            guard radians > 0, radians.isFinite, offset.isFinite else {
                return .failure(PolledSensorRefusal("in_angl_scale \(radians) is not a positive scale"))
            }
            return .success(KernelHinge(driver: .intelHinge, attribute: "in_angl0_raw",
                                        degreesPerCount: radians * 180 / Double.pi, offset: offset))
        default:
            return nil
        }
    }

    /// The angle an attribute's text gives, degrees; the tracker judges the range (500 is
    /// the EC's "unreliable").
    public func degrees(_ text: String) throws(MalformedReading) -> Double {
        (try MalformedReading.number(text) + offset) * degreesPerCount
    }
}

extension KernelHinge: DiscoverableSensorKind {
    public static let role = "hinge"
    public static let subsystems = ["iio"]
    public static func describe(_ device: Device, parameters: PolledSensorParameters) -> Result<KernelHinge, PolledSensorRefusal>? {
        describe(device)
    }
}

/// One IIO device that is a kernel hinge sensor, found by udev.
public typealias DiscoveredKernelHinge = DiscoveredSensor<KernelHinge>

extension DiscoveredSensor where Kind == KernelHinge {
    public var hinge: KernelHinge? { kind }

    /// One fresh reading: the attribute's text and the degrees it gives.
    public func read() throws(SourceError) -> (text: String, degrees: Double) {
        guard let hinge else { throw SourceError("\(sysname): not a usable hinge sensor") }
        let text: String
        do {
            text = try device.readAttribute(hinge.attribute)
        } catch {
            throw SourceError("\(sysname): \(error)")
        }
        do {
            return (text, try hinge.degrees(text))
        } catch {
            throw SourceError("\(sysname): \(hinge.attribute) \(error)")
        }
    }

    /// Every kernel hinge sensor udev knows now (refused ones included, with the reason).
    public static func scan() -> [DiscoveredKernelHinge] {
        SensorBinding<KernelHinge>.scan(parameters: PolledSensorParameters())
    }
}
