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
    /// Polled devices whose chip has a motion detector (MotionInterrupt): it reports the start
    /// of a turn itself, so the rest reads are only a safety net, against an event lost or a
    /// turn too slow for the detector's threshold: one a second.
    public var motionRestIntervalUs: UInt64 = 1_000_000
    /// Motion events after which no reading moved, in a row, before the detector is turned
    /// off and the rest reads go back to `pollIntervalUs`. A threshold at the noise level
    /// fires at the sampling rate (8 events: under a second at 10 Hz); a knock on the table
    /// fires once or twice.
    public var spuriousMotionLimit = 8
    /// Polled devices, while moving: a reading further than `movementMS2` from the previous
    /// one means the device moves; it is then read this often until `movementHoldUs`
    /// pass without movement, so a new pose is confirmed within tens of milliseconds
    /// of the device coming to rest.
    public var movingPollIntervalUs: UInt64 = 20_000
    /// Polled devices: the first read after a rest read that shows movement (and after a
    /// start) comes this soon: the classifier's quick first answer takes two agreeing samples
    /// `firstAnswerWindowMs` (15 ms) apart, and its still window two samples, so a read sooner
    /// adds nothing it can use; 15 ms is also more than one output data period of the
    /// 100 Hz rate accelerometers run at when polled through sysfs (a read sooner than that
    /// would return the same sample from the chip's data registers).
    public var confirmIntervalUs: UInt64 = 15_000
    /// How long the fast reads go on after the last reading that moved. The screen rule
    /// decides on samples (ScreenParameters): a still window takes 70 ms (three samples), a hold 90 ms, but a
    /// stop away from the pose's axis must slow below the steady speed (about 240 ms after the
    /// turn) and stay steady for 300 ms, so reading fast for 600 ms lets the screen follow
    /// then instead of at the next rest read. Costs 30 reads per rotation, none at rest.
    public var movementHoldUs: UInt64 = 600_000
    /// Input accelerometers that send events (InputAccelerometerReader): after the fast reads,
    /// the held state is delivered again at `pollIntervalUs` until this long after the last
    /// change, then nothing until the next event. The screen rule decides on samples: its
    /// dwell ends about 540 ms after a step and its fallback takes a pose reported for 1.5 s,
    /// so 2 s covers both even when a loaded machine delays the fast reads.
    public var eventRestHoldUs: UInt64 = 2_000_000
    /// The classifier's still tolerance: hand tremor stays below it.
    public var movementMS2 = 0.6
    /// Buffered devices: scans are read in batches, every 250 ms while the device rests
    /// (4 wake-ups a second at any sampling rate, the batch then holds 12 scans at 50 Hz and
    /// a step's new scans are all in the next batch), and scan by scan as the buffer's poll fd
    /// wakes the loop while the scans show movement, so a new pose is seen as soon as it is
    /// still (a timer at the sampling period would sometimes fire just before a scan).
    /// `buffer/watermark` is 1 (libiio sets it to the buffer length; see `IIOBuffer`): a higher
    /// one would hold back the first scans a Begin waits for.
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
