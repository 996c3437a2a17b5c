import IIO
import OrientationCore
import Systemd

/// One IIO device found by udev, and what orientd makes of it.
public struct DiscoveredAccelerometer {
    public let sysname: String
    public let syspath: String
    public let devnode: String?
    public var result: Result<AccelerometerConfiguration, AccelerometerConfiguration.Refusal>
    public let samplingFrequency: String?
    /// The udev device, for attributes read or written outside a libiio context.
    public let device: any SysfsDevice

    /// udev IIO_SENSOR_PROXY_TYPE, when a rule set it (SensorProxyType).
    public var proxyType: SensorProxyType? = nil

    public var configuration: AccelerometerConfiguration? { try? result.get() }

    /// A rule marks it `iio-poll-accel` and not `iio-buffer-accel`: read polled though it has
    /// a buffer (a buffer that never delivers, worked around by a local rule).
    public var polledByRule: Bool {
        proxyType.map { $0.names(SensorProxyType.pollAccel) && !$0.names(SensorProxyType.bufferAccel) } ?? false
    }

    /// Buffered when the device has scan elements and a device node to read them from, and
    /// no rule says to poll it.
    public var isBuffered: Bool { (configuration?.hasBuffer ?? false) && devnode != nil && !polledByRule }

    /// The enable attributes of the chip's motion detector (MotionInterrupt); [] without one.
    public var motionDetector: [String] { MotionInterrupt.enableAttributes(of: device) }

    public func matches(_ pin: String) -> Bool { sysname == pin || configuration?.name == pin }
}

extension DiscoveredAccelerometer: BindableDevice {}

/// Finds IIO accelerometers with sd-device.
public enum AccelerometerDiscovery {
    /// Every IIO device with accelerometer channels (refused ones included, with the reason).
    public static func scan() -> [DiscoveredAccelerometer] {
        let devices = Device.list(subsystem: "iio")
        Log.debug("udev lists \(devices.count) IIO device(s): \(devices.map { $0.sysname }.joined(separator: ", "))")
        return devices.compactMap(describe)
    }

    public static func describe(_ device: any SysfsDevice) -> DiscoveredAccelerometer? {
        let mark = SensorProxyType(device.property)
        if let mark, !mark.namesAny([SensorProxyType.pollAccel, SensorProxyType.bufferAccel]) {
            Log.debug("\(device.sysname): \(mark) names no IIO accelerometer driver")
            return nil
        }
        var result: Result<AccelerometerConfiguration, AccelerometerConfiguration.Refusal>
        do {
            result = .success(try AccelerometerConfiguration(name: device.sysname, property: device.property, attribute: device.attribute))
        } catch .notAnAccelerometer {
            Log.debug("\(device.sysname): no accelerometer channels")
            return nil
        } catch {
            result = .failure(error)
        }
        var found = DiscoveredAccelerometer(sysname: device.sysname, syspath: device.syspath, devnode: device.devnode,
                                            result: result,
                                            samplingFrequency: device.attribute("sampling_frequency") ?? device.attribute("in_accel_sampling_frequency"),
                                            device: device, proxyType: mark)
        if found.polledByRule, let configuration = found.configuration, !configuration.hasRawAttributes {
            found.result = .failure(.badCalibration("\(mark!) asks for polled reads, but it has no in_accel_*_raw attributes"))
        }
        return found
    }

    /// The accelerometer orientation should come from: the pinned one, else the first
    /// usable display accelerometer. Logs why others are passed over. With `location: .base`,
    /// the first usable base accelerometer (posture).
    public static func select(_ found: [DiscoveredAccelerometer], pin: String?,
                              location: AccelerometerLocation = .display,
                              report: (_ write: (String) -> Void, _ message: String) -> Void = { write, message in write(message) })
    -> DiscoveredAccelerometer? {
        var chosen: DiscoveredAccelerometer?
        for candidate in found {
            let label = "\(candidate.sysname) (\(candidate.configuration?.name ?? "?"))"
            guard let configuration = candidate.configuration else {
                if case .failure(let refusal) = candidate.result {
                    report(Log.error, "\(candidate.sysname): refused: \(refusal)")
                }
                continue
            }
            if let pin {
                guard candidate.matches(pin) else { continue }
            } else if configuration.location != location {
                if location == .display {
                    report(Log.info, "\(label): base accelerometer (\(configuration.locationSource)), not used for orientation")
                }
                continue
            }
            if chosen == nil { chosen = candidate }
        }
        return chosen
    }
}
