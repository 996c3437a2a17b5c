import Testing
import OrientationCore

/// The screen rule's step path (`ScreenParameters.onTheMove`, `stepWindowMs`, `stepHoldMs`):
/// on the move for longer than a glance lasts, a rotation is shown once the last step's average
/// points at the new pose, instead of waiting for the one-second stride average. At 10 Hz the
/// step window holds four readings spanning 300 ms (`stepMinimumSpanMs`).
@Suite struct ScreenOnTheMoveTests {
    /// The screen waits for the heading to have been steady for `headingHoldMs` (a glance made
    /// while walking dwells near the far pose): within that and a step of 100 ms more.
    @Test("a quick turn while running turns the screen within headingHoldMs + 100 ms of the device orientation",
          arguments: [10.0, 50.0, 100.0])
    func runningTurn(rateHz: Double) {
        let samples = SettledOnTheMoveTests.runningQuarterTurn(rateHz: rateHz)
        // Measured against a device reading the screen's heading: the device's own takes a slow
        // pair after a flight (`HeadingParameters.device`) and may answer sooner still.
        var screenHeading = ClassifierParameters()
        screenHeading.heading = HeadingParameters()
        var device = OrientationClassifier(parameters: screenHeading)
        let deviceChanges = device.process(samples)
        var own = OrientationClassifier()
        #expect(own.process(samples).last.map { $0.timeUs <= deviceChanges.last?.timeUs ?? 0 } == true)
        var classifier = OrientationClassifier()
        var rule = ScreenOrientationRule()
        let screenChanges = rule.process(samples, classifier: &classifier)
        #expect(screenChanges.map(\.orientation) == [.portrait, .landscapeLeft])
        #expect(deviceChanges.map(\.orientation) == [.portrait, .landscapeLeft])
        guard screenChanges.count == 2, deviceChanges.count == 2 else { return }
        let lag = (screenChanges[1].timeUs - deviceChanges[1].timeUs) / 1000
        #expect(lag <= Int64(ScreenParameters.default.headingHoldMs) + 100, "the screen follows \(lag) ms after the device")
    }

    /// 2.9 s of `scripts/make-motion-traces.py --variant gait2`, move_run_10hz (12.0–14.9 s):
    /// running, landscapeLeft, a half turn to landscapeRight ending at 14 402 ms.
    static let halfTurn: [(Int64, Double, Double, Double)] = [
        (12073, -11.5305, -1.9537, -4.4819), (12172, -9.2703, -1.7621, -6.6655), (12267, -4.9416, -0.1149, -1.6855),
        (12368, -11.9519, 1.2258, -0.6512), (12467, -12.1051, 2.0686, -4.4819), (12567, -8.1977, 2.5283, -5.7844),
        (12669, -8.1211, 0.9960, -0.9194), (12760, -12.2200, -0.9577, -1.9920), (12872, -10.4962, -1.8771, -5.8610),
        (12961, -6.8187, -0.6512, -4.3670), (13062, -10.1514, 0.4597, -0.3831), (13162, -12.1051, 1.6472, -3.1795),
        (13272, -9.1171, 2.4900, -6.6655), (13375, -6.0525, 1.1492, -1.9154), (13469, -12.0285, 0.0000, -1.3791),
        (13564, -11.6837, -1.5706, -4.3670), (13673, -7.8913, -0.7278, -4.5203), (13767, -8.9256, 0.6895, -0.2682),
        (13860, -12.3349, 1.3024, -2.2218), (13965, -10.4579, 2.1835, -6.5505), (14074, -5.0182, 1.1875, -2.5283),
        (14170, -7.7764, 8.1977, -1.9537), (14262, 9.0405, 7.4699, -5.9376), (14365, 8.5808, 2.6815, -7.6231),
        (14475, 4.2138, 0.1915, -0.5746), (14560, 12.1434, 0.1149, -2.1835), (14666, 11.5305, -1.3408, -6.2824),
        (14762, 7.6614, -1.8387, -8.3127), (14874, 5.2481, -0.0766, -1.4557)
    ]

    /// The pose opposite the screen's needs the step only for `oppositeStepHoldMs`: no glance
    /// reaches it. With `stepHoldMs` for it too, the screen followed a reading later.
    @Test func aHalfTurnWhileRunningTurnsTheScreenWithTheDevice() throws {
        let samples = Self.halfTurn.map { Sample(timeMs: $0.0, $0.1, $0.2, $0.3) }
        // The step path alone: the heading (`PlanarHeading`) off for the device and the screen.
        var device = OrientationClassifier(parameters: .withoutHeading)
        let deviceTurned = try #require(device.process(samples).last)
        var classifier = OrientationClassifier(parameters: .withoutHeading)
        var rule = ScreenOrientationRule(parameters: .withoutHeading)
        let changes = rule.process(samples, classifier: &classifier)
        var patient = ScreenParameters.withoutHeading
        patient.oppositeStepHoldMs = patient.stepHoldMs
        var slowClassifier = OrientationClassifier(parameters: .withoutHeading)
        var slowRule = ScreenOrientationRule(parameters: patient)
        let slow = slowRule.process(samples, classifier: &slowClassifier)
        #expect(changes.map(\.orientation) == [.landscapeLeft, .landscapeRight])
        #expect(slow.map(\.orientation) == changes.map(\.orientation))
        let turned = try #require(changes.last), slowTurned = try #require(slow.last)
        #expect(turned.timeUs == deviceTurned.timeUs, "\((turned.timeUs - deviceTurned.timeUs) / 1000) ms after the device")
        #expect(slowTurned.timeUs - turned.timeUs >= 90_000)
    }
}
