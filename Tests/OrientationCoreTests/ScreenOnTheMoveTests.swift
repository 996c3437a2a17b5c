import Testing
import OrientationCore

/// The screen rule's step path (`ScreenParameters.onTheMoveMs`, `stepWindowMs`, `stepHoldMs`):
/// on the move for longer than a glance lasts, a rotation is shown once the last step's average
/// points at the new pose, instead of waiting for the one-second stride average. At 10 Hz the
/// step window holds four readings spanning 300 ms (`stepMinimumSpanMs`).
@Suite struct ScreenOnTheMoveTests {
    @Test("a quick turn while running turns the screen within 60 ms of the device orientation",
          arguments: [10.0, 50.0, 100.0])
    func runningTurn(rateHz: Double) {
        let samples = SettledOnTheMoveTests.runningQuarterTurn(rateHz: rateHz)
        var device = OrientationClassifier()
        let deviceChanges = device.process(samples)
        var classifier = OrientationClassifier()
        var rule = ScreenOrientationRule()
        let screenChanges = rule.process(samples, classifier: &classifier)
        #expect(screenChanges.map(\.orientation) == [.portrait, .landscapeLeft])
        #expect(deviceChanges.map(\.orientation) == [.portrait, .landscapeLeft])
        guard screenChanges.count == 2, deviceChanges.count == 2 else { return }
        let lag = (screenChanges[1].timeUs - deviceChanges[1].timeUs) / 1000
        #expect(lag <= 60, "the screen follows \(lag) ms after the device")
    }
}
