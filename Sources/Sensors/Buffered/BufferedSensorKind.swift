import OrientationCore
import Systemd

/// A sensor whose value arrives as one channel of an IIO triggered buffer (a compass, a
/// buffered ambient light sensor): how a device is recognised and how a scan's integer
/// becomes a reading. `BufferedSensor` does the rest (discovery, hotplug, the buffer, the
/// read pacing, failures).
public protocol BufferedSensorKind: DiscoverableSensorKind where Parameters == BufferedSensorParameters {
    associatedtype Reading: Equatable
    /// The scan element read, as sysfs names it (`scan_elements/<element>_en`).
    var element: String { get }
    /// Its place in a scan (`scan_elements/<element>_index`): how the channel is found in
    /// libiio, which does not name every element as sysfs does.
    var scanIndex: Int { get }
    /// The device's name in sysfs: its data-ready trigger is `<name>-devN`.
    var deviceName: String { get }
    var intervalUs: UInt64 { get }
    /// The reading a scan's value gives; throws for a value that is not a reading.
    func interpret(_ raw: Int64) throws(MalformedReading) -> Reading
}

extension BufferedSensorKind {
    /// Triggered buffers are IIO's.
    public static var subsystems: [String] { ["iio"] }
}

/// `(raw + offset) × scale` of an IIO channel, the IIO ABI's conversion, with the scale and
/// offset looked up as the kernel names them: the channel's own attribute first
/// (`in_intensity_both_scale`), then the one shared by the channel type (`in_intensity_scale`).
public struct ChannelConversion: Equatable {
    public let scale: Double
    public let scaleSource: String
    public let offset: Double

    /// The attribute names tried, most specific first.
    public static func read(_ device: Device, names: [String]) -> Result<ChannelConversion, PolledSensorRefusal> {
        var scale = 1.0
        var scaleSource = "no scale attribute, 1"
        for name in names {
            guard let text = device.attribute(name + "_scale") else { continue }
            let value: Double
            do {
                value = try DecimalNumber.parseDouble(text)
            } catch {
                return .failure(PolledSensorRefusal("\(name)_scale: \(error)"))
            }
            // A zero or negative scale would turn every value into 0 or its opposite.
            guard value.isFinite, value > 0 else {
                return .failure(PolledSensorRefusal("\(name)_scale \(text) is not a positive number"))
            }
            scale = value
            scaleSource = name + "_scale"
            break
        }
        var offset = 0.0
        for name in names {
            guard let text = device.attribute(name + "_offset") else { continue }
            do {
                offset = try DecimalNumber.parseDouble(text)
            } catch {
                return .failure(PolledSensorRefusal("\(name)_offset: \(error)"))
            }
            guard offset.isFinite else { return .failure(PolledSensorRefusal("\(name)_offset \(text) is not finite")) }
            break
        }
        return .success(ChannelConversion(scale: scale, scaleSource: scaleSource, offset: offset))
    }

    public func apply(_ raw: Int64) -> Double { (Double(raw) + offset) * scale }
}

/// The index of a scan element (`scan_elements/<element>_index`).
func readScanIndex(_ device: Device, element: String) -> Result<Int, PolledSensorRefusal> {
    guard let text = device.attribute("scan_elements/\(element)_index") else {
        return .failure(PolledSensorRefusal("scan_elements/\(element)_index is missing"))
    }
    do {
        let index = try DecimalNumber.parseInteger(text)
        guard index >= 0, index < 1024 else { return .failure(PolledSensorRefusal("scan_elements/\(element)_index \(text) is out of range")) }
        return .success(Int(index))
    } catch {
        return .failure(PolledSensorRefusal("scan_elements/\(element)_index: \(error)"))
    }
}
