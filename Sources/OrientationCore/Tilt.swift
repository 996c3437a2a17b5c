/// iio-sensor-proxy's `AccelerometerTilt`: how far the screen leans back or forward, for
/// desktops that read it through the net.hadess.SensorProxy compatibility interface. The bands
/// are iio-sensor-proxy 3.7's (`tilt_calc`); the sign is the axis convention's, which 3.7 turns
/// over for this one property (docs/dbus-api.md).
public enum Tilt: String, Sendable {
    case vertical
    case tiltedUp = "tilted-up"
    case tiltedDown = "tilted-down"
    case faceUp = "face-up"
    case faceDown = "face-down"
    case undefined

    /// The screen within this of upright is "vertical" (3.7's THRESHOLD_TILT).
    public static let verticalDegrees = 20.0
    /// The screen this far or more from upright faces up or down (3.7's THRESHOLD_FACE_DOWN).
    public static let faceDegrees = 70.0
    /// 3.7 rounds the angle to whole degrees before comparing: a bound moves by half a degree.
    static let roundingDegrees = 0.5

    /// From the pitch of `gravity`: the screen normal's elevation, positive when the screen
    /// leans back (toward the sky). `undefined` without a reading or while `orientation` is
    /// unknown (no sensor, or before the first answer).
    public static func classify(gravity: Vector3?, orientation: Orientation) -> Tilt {
        if orientation == .unknown { return .undefined }
        guard let gravity, gravity.isFinite, gravity.magnitude > 0 else { return .undefined }
        // faceUp reads z = -g, so leaning back is -z.
        let sine = -gravity.z / gravity.magnitude
        let degrees = (Double.pi / 2 - acosApproximation(max(-1, min(1, sine)))) * 180 / .pi
        let size = degrees < 0 ? -degrees : degrees
        if size < verticalDegrees + roundingDegrees { return .vertical }
        if size < faceDegrees - roundingDegrees { return degrees > 0 ? .tiltedUp : .tiltedDown }
        return degrees > 0 ? .faceUp : .faceDown
    }
}
