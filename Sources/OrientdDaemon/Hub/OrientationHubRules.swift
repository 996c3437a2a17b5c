import OrientationCore

extension OrientationHub {
    /// What decides the orientations from samples; each (re)start begins with fresh ones.
    struct Rules {
        var classifier: OrientationClassifier
        var screen: ScreenOrientationRule
    }

    /// Whether the hub holds sample histories now (tests: none while paused or stopped).
    var holdsSampleHistory: Bool { rules != nil }
}
