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
    /// Polled devices at rest: 4 reads a second (4 wake-ups). A deliberate rotation turns for
    /// 250 ms or more, so one of these reads always falls inside it and the reader then speeds
    /// up (below); an instantaneous step waits 125 ms for it on average.
    public var pollIntervalUs: UInt64 = 250_000
    /// Polled devices, while moving: a reading further than `movementMS2` from the previous
    /// one means the device moves; it is then read this often until `movementHoldUs`
    /// pass without movement, so a new pose is confirmed within tens of milliseconds
    /// of the device coming to rest.
    public var movingPollIntervalUs: UInt64 = 20_000
    /// Polled devices: the first read after a rest read that shows movement (and after a
    /// start) comes this soon, so the classifier has the two samples its still window needs
    /// as early as the sensor can give a new one: one output data period at 100 Hz, the rate
    /// accelerometers run at when polled through sysfs (a read sooner would return the same
    /// sample from the chip's data registers).
    public var confirmIntervalUs: UInt64 = 10_000
    public var movementHoldUs: UInt64 = 300_000
    /// The classifier's still tolerance: hand tremor stays below it.
    public var movementMS2 = 0.6
    /// Buffered devices: scans are read in batches, every 250 ms while the device rests
    /// (4 wake-ups a second at any sampling rate, the batch then holds 12 scans at 50 Hz and
    /// a step's new scans are all in the next batch) and every `movingPollIntervalUs` while a
    /// batch shows movement, so a new pose is seen as soon as it is still.
    /// `buffer/watermark` stays at 1: the kernel refuses to change it while the buffer runs,
    /// and a higher one would hold back the first scans a Begin waits for.
    public var batchIntervalUs: UInt64 = 250_000
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
