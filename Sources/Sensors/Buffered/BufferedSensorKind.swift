import OrientationCore
import Systemd

/// A sensor whose value arrives as one channel of an IIO triggered buffer (a compass, a
/// buffered ambient light sensor): how a device is recognised and how a scan's integer
/// becomes a reading. `BufferedSensor` does the rest (discovery, hotplug, the buffer, the
/// read pacing, failures).
public protocol BufferedSensorKind: DiscoverableSensorKind where Parameters == BufferedSensorParameters {
    associatedtype Reading: Equatable
    /// The scan element read and how its value converts (`describeScanElement` finds it).
    var channel: BufferedChannel { get }
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
            switch Self.scale(device, name) {
            case nil: continue
            case .failure(let refusal)?: return .failure(refusal)
            case .success(let value)?:
                scale = value
                scaleSource = name + "_scale"
            }
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

    /// `<name>_scale`: nil when the device has none, refused unless a positive number (a zero
    /// or negative scale would turn every value into 0 or its opposite).
    static func scale(_ device: Device, _ name: String) -> Result<Double, PolledSensorRefusal>? {
        guard let text = device.attribute(name + "_scale") else { return nil }
        let value: Double
        do {
            value = try DecimalNumber.parseDouble(text)
        } catch {
            return .failure(PolledSensorRefusal("\(name)_scale: \(error)"))
        }
        guard value.isFinite, value > 0 else { return .failure(PolledSensorRefusal("\(name)_scale \(text) is not a positive number")) }
        return .success(value)
    }

    /// For `summary`: the conversion and where it comes from.
    public var summary: String { "scale \(scale) from \(scaleSource), offset \(offset)" }

    public func apply(_ raw: Int64) -> Double { (Double(raw) + offset) * scale }
}

/// The one scan element a buffered kind reads, and how often.
public struct BufferedChannel: Equatable {
    /// The scan element, as sysfs names it (`scan_elements/<element>_en`).
    public let element: String
    /// Its place in a scan (`scan_elements/<element>_index`): how the channel is found in
    /// libiio, which does not name every element as sysfs does.
    public let scanIndex: Int
    /// The device's name in sysfs: its data-ready trigger is `<name>-devN`.
    public let deviceName: String
    public let intervalUs: UInt64
    public let conversion: ChannelConversion

    /// For `summary`, with the reading's unit after it.
    public var summary: String { "buffered \(element) read every \(intervalUs / 1000) ms (\(conversion.summary)" }
}

/// A one-scan-element kind's device: nil when it has no `element`; else the channel, its
/// conversion from the attributes tried under `names` (most specific first), or why not.
/// `defaultName`: the device's name when sysfs gives none.
func describeScanElement(_ device: Device, element: String, names: [String], defaultName: String,
                         intervalUs: UInt64) -> Result<BufferedChannel, PolledSensorRefusal>? {
    guard device.attribute("scan_elements/\(element)_en") != nil else { return nil }
    return readScanIndex(device, element: element).flatMap { index in
        ChannelConversion.read(device, names: names).map {
            BufferedChannel(element: element, scanIndex: index, deviceName: device.attribute("name") ?? defaultName, intervalUs: intervalUs,
                            conversion: $0)
        }
    }
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
