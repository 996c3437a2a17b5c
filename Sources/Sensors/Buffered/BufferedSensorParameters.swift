/// How the buffered non-accelerometer sensors (compass, buffered ambient light) are paced and
/// when a device is given up. One value, so every number has its reason in one place.
public struct BufferedSensorParameters: Equatable {
    /// Compass: geoclue turns the heading into the course a map shows; a person turns
    /// slowly enough that one heading every 0.7 s keeps the arrow on the map right.
    /// iio-sensor-proxy 3.0 reads its compass buffer every 700 ms (`iio-buffer-compass`), so
    /// this never wakes the machine more than it did. Scans arriving faster are read in one
    /// batch per period and only the newest counts.
    public var compassIntervalUs: UInt64 = 700_000
    /// Buffered ambient light: the brightness controller's pace, as for polled light
    /// (`PolledSensorParameters.lightIntervalUs`): 1.25 readings a second, fewer wake-ups
    /// than iio-sensor-proxy's 700 ms read of the same buffer.
    public var lightIntervalUs: UInt64 = 800_000
    /// Scans the kernel buffer holds between two reads. HID sensor hubs (the usual source
    /// of both kinds) send a scan when the value changes by more than their sensitivity, a
    /// few a second at most; 16 holds several periods' worth, and only the newest is used.
    public var bufferScans = 16
    /// A heading is an angle from north: 0° up to 360° (some hubs send 360 for north).
    /// Anything outside is not a heading and is dropped with its reason.
    public var headingRange: ClosedRange<Double> = 0...360
    /// Consecutive failed buffer reads after which the sensor counts as gone (its node
    /// vanished without a remove uevent): five periods, about four seconds, longer than an
    /// I2C or hub glitch, short enough that `Has*` does not claim a dead sensor for long.
    public var failureLimit = 5
    public init() {}
}
