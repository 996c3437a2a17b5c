/// How the polled non-accelerometer sensors (ambient light, proximity) are paced and when a
/// device is given up. One value, so every number has its reason in one place.
public struct PolledSensorParameters: Equatable {
    /// Ambient light: a brightness controller (GNOME's, KDE's) smooths over a few seconds and
    /// needs about one or two readings a second. iio-sensor-proxy 3.0 polls every 800 ms
    /// (`DEFAULT_POLL_TIME` of its iio-poll-als driver): the same period gives the controller
    /// 1.25 readings a second and never wakes the machine more than iio-sensor-proxy did.
    public var lightIntervalUs: UInt64 = 800_000
    /// A sensor that integrates longer than the poll period (`in_illuminance_integration_time`,
    /// seconds) gives the same value until its window ends: polling faster only wakes for
    /// repeats, so the period is at least the integration time.
    public var honoursIntegrationTime = true
    /// Proximity: 700 ms, iio-sensor-proxy's period. A phone shell blanks the screen when the
    /// ear comes near; 0.7 s is what users of iio-sensor-proxy already get, at 1.4 wake-ups
    /// a second while a call holds the claim.
    public var proximityIntervalUs: UInt64 = 700_000
    /// Proximity hysteresis, iio-sensor-proxy's water marks: once the last value was above the
    /// near level, "near" lasts down to 90 % of it; otherwise it needs 110 %. A hand or a face
    /// at the threshold distance makes the raw value jitter by a few percent, and the screen
    /// must not flicker on and off.
    public var proximityLowMark = 0.9
    public var proximityHighMark = 1.1
    /// Apple's SMC light sensor (hwmon `light`, "(left,right)") counts 0…255; like
    /// iio-sensor-proxy the level is the brighter side in percent of that range, unit `vendor`.
    public var hwmonLightFullScale = 255.0
    /// Consecutive failed reads after which the sensor counts as gone (its files vanished
    /// without a remove uevent). Five polls is four seconds for light: longer than an I2C
    /// glitch, short enough that `Has*` does not claim a dead sensor for long.
    public var failureLimit = 5
    public init() {}
}
