import OrientationCore
import Testing

/// Buffered IIO timestamps may follow the wall clock, which steps (NTP, the RTC read after
/// resume). A step backwards must not freeze the classifier or the screen rule; a step forwards
/// must cost no more than a gap does.
@Suite struct ClockStepTests {
    static let hourMs = 3_600_000.0
    static let dayMs = 86_400_000.0

    func run(step stepMs: Double, rateHz: Double) -> (device: [(timeMs: Double, orientation: Orientation)], screen: [(timeMs: Double, orientation: Orientation)], stillSinceMs: Double) {
        var motion = SyntheticMotion(rateHz: rateHz)
        motion.hold(Orientation.portrait.gravityAxis!, forMs: 1500)
        let stepAtMs = motion.timeMs
        motion.hold(Orientation.portrait.gravityAxis!, forMs: 500)
        motion.turn(from: Orientation.portrait.gravityAxis!, to: Orientation.landscapeLeft.gravityAxis!, overMs: 400)
        let stillSinceMs = motion.timeMs + stepMs
        motion.hold(Orientation.landscapeLeft.gravityAxis!, forMs: 1500)
        // CLOCK_REALTIME in November 2023, stepped by `stepMs` (SyntheticMotion itself only
        // moves forward).
        let epochUs: Int64 = 1_700_000_000_000_000
        let samples = motion.samples.map { sample in
            Sample(timeUs: epochUs + sample.timeUs + (Double(sample.timeUs) / 1000 >= stepAtMs ? Int64(stepMs * 1000) : 0),
                   gravity: sample.gravity)
        }
        var classifier = OrientationClassifier()
        var rule = ScreenOrientationRule()
        var device: [(timeMs: Double, orientation: Orientation)] = []
        var screen: [(timeMs: Double, orientation: Orientation)] = []
        for sample in samples {
            if let change = classifier.process(sample) { device.append((Double(sample.timeUs - epochUs) / 1000, change)) }
            if let change = rule.process(sample, deviceOrientation: classifier.orientation) {
                screen.append((Double(sample.timeUs - epochUs) / 1000, change))
            }
        }
        return (device, screen, stillSinceMs)
    }

    @Test("a rotation after a clock step is reported in the usual time",
          arguments: [(-hourMs, 50.0), (dayMs, 50.0), (-hourMs, 10.0), (dayMs, 100.0)])
    func rotationAfterStep(stepMs: Double, rateHz: Double) {
        let (device, screen, stillSinceMs) = run(step: stepMs, rateHz: rateHz)
        #expect(device.map(\.orientation) == [.portrait, .landscapeLeft])
        #expect(screen.map(\.orientation) == [.portrait, .landscapeLeft])
        if let turned = device.last, let shown = screen.last {
            // The classifier may commit while still turning (negative); the screen after its dwell.
            #expect(turned.timeMs - stillSinceMs <= 200, "device orientation \(turned.timeMs - stillSinceMs) ms after the turn")
            #expect(shown.timeMs - stillSinceMs <= 650, "screen orientation \(shown.timeMs - stillSinceMs) ms after the turn")
        }
    }
}
