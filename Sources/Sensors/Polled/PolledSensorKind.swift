import OrientationCore
import Systemd

/// A sensor read by polling one sysfs attribute (ambient light, proximity): how a device is
/// recognised (`DiscoverableSensorKind`) and how its text becomes a reading. `PolledSensor`
/// does the rest (discovery, hotplug, the timer, failures).
public protocol PolledSensorKind: DiscoverableSensorKind where Parameters == PolledSensorParameters {
    associatedtype Reading: Equatable
    /// The attribute polled, relative to the device's syspath.
    var attribute: String { get }
    var intervalUs: UInt64 { get }
    /// The reading the attribute's text gives; throws for a value that is not a reading.
    mutating func interpret(_ text: String) throws(MalformedReading) -> Reading
}

public struct PolledSensorRefusal: Error, CustomStringConvertible {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

/// A value that is not a reading (not a number, not finite, out of range): dropped.
public struct MalformedReading: Error, CustomStringConvertible {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }

    /// A value's text as a decimal number; the error quotes the text.
    public static func number<S: StringProtocol>(_ text: S) throws(MalformedReading) -> Double {
        do {
            return try DecimalNumber.parseDouble(text)
        } catch {
            throw MalformedReading("\"\(text)\": \(error)")
        }
    }

    /// A value's text as a decimal integer; the error quotes the text.
    public static func integer<S: StringProtocol>(_ text: S) throws(MalformedReading) -> Int64 {
        do {
            return try DecimalNumber.parseInteger(text)
        } catch {
            throw MalformedReading("\"\(text)\": \(error)")
        }
    }
}
