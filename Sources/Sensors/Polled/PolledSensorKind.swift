import Systemd

/// A sensor read by polling one sysfs attribute (ambient light, proximity): how a device is
/// recognised and how its text becomes a reading. `PolledSensor` does the rest (discovery,
/// hotplug, the timer, failures).
public protocol PolledSensorKind {
    associatedtype Reading: Equatable
    /// For logs and `orientctl sensors`: "ambient light", "proximity".
    static var role: String { get }
    /// The udev subsystems devices of this kind live in.
    static var subsystems: [String] { get }
    /// nil when the device is not of this kind; a refusal (with its reason) when it is but
    /// cannot be used.
    static func describe(_ device: Device, parameters: PolledSensorParameters) -> Result<Self, PolledSensorRefusal>?
    /// The attribute polled, relative to the device's syspath.
    var attribute: String { get }
    var intervalUs: UInt64 { get }
    /// How the value is read, for logs and `orientctl sensors`.
    var summary: String { get }
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
}
