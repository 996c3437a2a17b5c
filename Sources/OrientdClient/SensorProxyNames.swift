/// iio-sensor-proxy's names (`net.hadess.SensorProxy`) as orientd's orientations, for the
/// fallback: the table of docs/axes-and-names.md read backwards. Pure functions.
enum SensorProxyNames {
    /// `AccelerometerOrientation`: the edge that points up. `undefined` (and any name this
    /// table does not know) is nil: no edge-up orientation.
    static func screenOrientation(_ name: String) -> Orientation? {
        switch name {
        case "normal": return .portrait
        case "bottom-up": return .portraitUpsideDown
        case "right-up": return .landscapeLeft
        case "left-up": return .landscapeRight
        default: return nil
        }
    }

    /// The device orientation from both properties: a screen lying flat (`AccelerometerTilt`
    /// `face-up` / `face-down`, iio-sensor-proxy 3.1 and later) wins over the edge that was up
    /// last; otherwise the edge-up orientation, or unknown. iio-sensor-proxy 3.0 has no tilt.
    static func deviceOrientation(orientation: String, tilt: String?) -> Orientation {
        switch tilt {
        case "face-up": return .faceUp
        case "face-down": return .faceDown
        default: return screenOrientation(orientation) ?? .unknown
        }
    }
}
