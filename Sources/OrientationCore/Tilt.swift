/// iio-sensor-proxy's `AccelerometerTilt`: how far the screen leans back or forward, for
/// desktops that read it through the net.hadess.SensorProxy compatibility interface.
public enum Tilt: String, Sendable {
    case vertical
    case tiltedUp = "tilted-up"
    case tiltedDown = "tilted-down"
    case faceUp = "face-up"
    case faceDown = "face-down"
    case undefined

    /// Screen leaning back (toward the sky) or forward by more than this is "tilted": a
    /// phone held to read leans back 15–25°, one lying on a stand 40° or more.
    public static let tiltedDegrees = 35.0
    /// The threshold moves this much toward the current answer, so a device held at the
    /// threshold does not flicker.
    public static let hysteresisDegrees = 5.0

    /// `orientation` decides face-up/face-down (it has the classifier's own hysteresis);
    /// otherwise the pitch of `gravity` does. `undefined` without a reading.
    public static func classify(gravity: Vector3?, orientation: Orientation, previous: Tilt) -> Tilt {
        switch orientation {
        case .faceUp: return .faceUp
        case .faceDown: return .faceDown
        case .unknown: return .undefined
        default: break
        }
        guard let gravity, gravity.isFinite, gravity.magnitude > 0 else { return .undefined }
        // Pitch: the screen normal's elevation. faceUp reads z = -g, so leaning back is -z.
        let sine = -gravity.z / gravity.magnitude
        let degrees = (Double.pi / 2 - acosApproximation(max(-1, min(1, sine)))) * 180 / .pi
        let up = tiltedDegrees - (previous == .tiltedUp ? hysteresisDegrees : 0)
        let down = -tiltedDegrees + (previous == .tiltedDown ? hysteresisDegrees : 0)
        if degrees > up { return .tiltedUp }
        if degrees < down { return .tiltedDown }
        return .vertical
    }
}
