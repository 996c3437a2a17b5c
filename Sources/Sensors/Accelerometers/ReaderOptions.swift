import OrientationCore

/// How the accelerometer readers pace themselves and when they give a device up.
public struct ReaderOptions: Equatable {
    /// Where the per-device locks and the original attributes are kept (DeviceCustody).
    public var runtimeDirectory = "/run/orientd"
    /// Pin a device by IIO name or `iio:deviceN`.
    public var pin: String?
    /// The role to bind (§2 location): the display accelerometer (orientation) or the base one
    /// (posture, with the display one).
    public var location: AccelerometerLocation = .display
    /// Polled devices: 10 Hz gives the classifier two samples in 100 ms and costs 10
    /// wake-ups a second.
    public var pollIntervalUs: UInt64 = 100_000
    /// Polled devices, while moving: a reading further than `movementMS2` from the previous
    /// one means the device moves; it is then read this often until `movementHoldUs`
    /// pass without movement, so a new pose is confirmed within tens of milliseconds
    /// instead of two slow polls, and a device at rest still costs 10 wake-ups a second.
    public var movingPollIntervalUs: UInt64 = 20_000
    public var movementHoldUs: UInt64 = 300_000
    /// The classifier's still tolerance: hand tremor stays below it.
    public var movementMS2 = 0.6
    /// Buffered devices: scans are read in batches, every 100 ms while the device rests
    /// (10 wake-ups a second at any sampling rate) and every `movingPollIntervalUs` while
    /// a batch shows movement, so a new pose is seen as soon as it is still.
    public var batchIntervalUs: UInt64 = 100_000
    /// After reads failed, the sensor is read again after this, then twice as long each time
    /// up to `retryMaxUs`. An I2C glitch or a brown-out lasts milliseconds to a second and a
    /// driver re-probing takes a few seconds: the first retries come quickly, and a sensor that
    /// stays dead costs one read every 5 s.
    public var retryInitialUs: UInt64 = 200_000
    public var retryMaxUs: UInt64 = 5_000_000
    /// Consecutive failed reads after which the sensor counts as gone (files that vanish
    /// without a remove uevent).
    public var failureLimit = 5
    /// The lowest sampling frequency offered at or above this is chosen: the classifier's
    /// 60 ms still window then holds at least three samples.
    public var preferredSamplingHz = 50.0
    public init() {}
}
