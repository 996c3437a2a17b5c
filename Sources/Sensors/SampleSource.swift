import OrientationCore

/// Why a source cannot deliver.
public struct SourceError: Error, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Where samples come from: an IIO accelerometer, or a trace replayed as if it were one.
/// Samples arrive on the event loop through the `deliver` closure given to `start`.
public protocol SampleSource: AnyObject {
    /// For logs: what this source reads.
    var name: String { get }
    /// A sensor is bound (the `HasAccelerometer` property).
    var isAvailable: Bool { get }
    /// Called on the loop when a sensor appears (true) or goes away (false). A source that
    /// loses its sensor has stopped itself; one that gains it waits for `start`.
    var availabilityChanged: ((Bool) -> Void)? { get set }
    /// Starts delivering samples. Called only when stopped.
    func start(deliver: @escaping (Sample) -> Void) throws(SourceError)
    /// Stops delivering: no timers, no buffers, nothing left running. Idempotent.
    func stop()
    /// The stop linger: nothing read or delivered, the set-up kept so that the next `start`
    /// costs no device writes. Sources with no set-up stop.
    func pause()
    /// One fresh reading, for queries while nobody is generating.
    func readOnce() throws(SourceError) -> Vector3
    /// The bound sensor's udev property `ORIENTD_SUPPORTED_ORIENTATIONS`, unparsed; nil when
    /// the sensor does not set it (or the source has no udev device).
    var supportedOrientations: String? { get }
    /// Called on the loop when the bound sensor's udev properties changed without it going away
    /// (a change event after an administrator edited hwdb or a rule).
    var configurationChanged: (() -> Void)? { get set }
    /// Reads the sensor's configuration again (after resume: drivers reset their registers).
    func refresh()
    /// Keep what `readOnce` opens (a libiio context) between reads while a caller reads
    /// periodically (posture at its low rate); false closes it after each read again.
    func keepOneShotReadsOpen(_ keep: Bool)
    /// The compatibility face answers a read before any claim with a one-shot reading of
    /// this source (iio-sensor-proxy 3.x reports an input accelerometer's axis values from
    /// the moment it binds it; its IIO drivers report nothing before a claim).
    var reportsBeforeClaim: Bool { get }
}

extension SampleSource {
    public var supportedOrientations: String? { nil }
    public var configurationChanged: (() -> Void)? {
        get { nil }
        set {}
    }
    public func refresh() {}
    public func pause() { stop() }
    /// Sources with nothing to keep open.
    public func keepOneShotReadsOpen(_ keep: Bool) {}
    public var reportsBeforeClaim: Bool { false }
}
