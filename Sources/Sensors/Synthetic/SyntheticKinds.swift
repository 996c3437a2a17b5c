/// A synthetic ambient light sensor (`FAKE_LIGHT_SENSOR`): 0 lux, then one more each reading.
public struct SyntheticLight: SyntheticSensorKind {
    public static let role = "synthetic ambient light"
    public init() {}
    public static func isEnabled(_ parameters: SyntheticSensorParameters) -> Bool { parameters.light }
    public static func next(after previous: LightLevel?) -> LightLevel {
        LightLevel(value: previous.map { $0.value + 1 } ?? 0, unit: .lux)
    }
}

/// A synthetic compass (`FAKE_COMPASS`): 10°, then 10° more each reading, 0 again at a full turn.
public struct SyntheticCompass: SyntheticSensorKind {
    public static let role = "synthetic compass"
    /// The step between readings, degrees, and the full turn it wraps at.
    static let stepDegrees = 10.0
    static let fullTurnDegrees = 360.0
    public init() {}
    public static func isEnabled(_ parameters: SyntheticSensorParameters) -> Bool { parameters.compass }
    public static func next(after previous: Double?) -> Double {
        let heading = (previous ?? 0) + stepDegrees
        return heading >= fullTurnDegrees ? 0 : heading
    }
}
