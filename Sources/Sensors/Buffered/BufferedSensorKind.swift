import OrientationCore
import Systemd

/// A sensor whose values arrive as scan elements of an IIO triggered buffer (a compass, a
/// buffered ambient light sensor; a 3-axis sensor declares three elements): how a device is
/// recognised and how a scan's integers become a reading. `BufferedSensor` does the rest
/// (discovery, hotplug, the buffer and its reads through `ScanStream`, failures).
public protocol BufferedSensorKind: DiscoverableSensorKind where Parameters == BufferedSensorParameters {
    associatedtype Reading: Equatable
    /// The scan elements read, how their values convert and how often (`describeScan` finds them).
    var scan: BufferedScan { get }
    /// The reading a scan's values give, one per element of `scan`, in its order; throws for
    /// values that are not a reading.
    func interpret(_ values: [Int64]) throws(MalformedReading) -> Reading
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

/// One scan element a buffered kind reads.
public struct BufferedElement: Equatable {
    /// The scan element, as sysfs names it (`scan_elements/<name>_en`).
    public let name: String
    /// Its place in a scan (`scan_elements/<name>_index`): how the channel is found in
    /// libiio, which does not name every element as sysfs does.
    public let scanIndex: Int
    public let conversion: ChannelConversion
}

/// The scan elements a buffered kind reads, and how often.
public struct BufferedScan: Equatable {
    /// In the order `interpret` gets their values.
    public let elements: [BufferedElement]
    /// The device's name in sysfs: its data-ready trigger is `<name>-devN`.
    public let deviceName: String
    public let intervalUs: UInt64

    /// The elements' names, for logs.
    public var names: String { elements.map { $0.name }.joined(separator: ", ") }

    /// For `summary`, with the reading's unit after it.
    public var summary: String {
        "buffered \(names) read every \(intervalUs / 1000) ms (\(elements.map { $0.conversion.summary }.joined(separator: "; "))"
    }
}

/// A buffered kind's device: nil when it lacks one of `elements`; else the scan, each
/// element's conversion from the attributes tried under its `names` (most specific first), or
/// why not. `defaultName`: the device's name when sysfs gives none.
func describeScan(_ device: Device, elements: [(name: String, names: [String])], defaultName: String,
                  intervalUs: UInt64) -> Result<BufferedScan, PolledSensorRefusal>? {
    guard elements.allSatisfy({ device.attribute("scan_elements/\($0.name)_en") != nil }) else { return nil }
    var found: [BufferedElement] = []
    for element in elements {
        let described = readScanIndex(device, element: element.name).flatMap { index in
            ChannelConversion.read(device, names: element.names).map { BufferedElement(name: element.name, scanIndex: index, conversion: $0) }
        }
        switch described {
        case .success(let one): found.append(one)
        case .failure(let refusal): return .failure(refusal)
        }
    }
    return .success(BufferedScan(elements: found, deviceName: device.attribute("name") ?? defaultName, intervalUs: intervalUs))
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
