import OrientationCore
import Testing

/// The first answer after a start comes from two agreeing samples when they point well inside
/// one pose, and a device in motion still answers only when it is right.
@Suite struct FirstAnswerTests {
    @Test("a device at rest is answered at the second sample", arguments: [50.0, 100.0, 10.0])
    func restingDevice(rateHz: Double) {
        var motion = SyntheticMotion(rateHz: rateHz)
        motion.hold(SyntheticMotion.direction(.landscapeLeft, tiltDegrees: 10, toward: .faceUp), forMs: 500)
        let changes = classify(motion.samples)
        #expect(changes.first?.orientation == .landscapeLeft)
        // The second sample 20 ms or more after the start (the still window is 60 ms).
        #expect(changes.first.map { Double($0.timeMs) } == max(20, 1000 / rateHz))
    }

    @Test func aTiltedDeviceWaitsForTheStillWindow() {
        var motion = SyntheticMotion(rateHz: 100)
        motion.hold(SyntheticMotion.direction(.portrait, tiltDegrees: 35, toward: .landscapeRight), forMs: 500)
        let changes = classify(motion.samples)
        #expect(changes.map(\.orientation) == [.portrait])
        #expect((changes.first?.timeMs ?? 0) >= Int64(ClassifierParameters.default.stillWindowMs))
    }

    @Test("a start in motion never answers with a guess that flips within 100 ms",
          arguments: [(0.0, 90.0), (10.0, 180.0), (20.0, 60.0), (30.0, 120.0), (40.0, 90.0)])
    func startInMotion(startDegrees: Double, degreesPerSecond: Double) {
        for rateHz in [10.0, 50.0, 100.0] {
            var motion = SyntheticMotion(rateHz: rateHz)
            let from = SyntheticMotion.direction(.portrait, tiltDegrees: startDegrees, toward: .landscapeLeft)
            let to = Orientation.landscapeLeft.gravityAxis!
            motion.rotate(from: from, to: to, overMs: (90 - startDegrees) / degreesPerSecond * 1000)
            motion.hold(to, forMs: 600)
            let changes = classify(motion.samples)
            #expect(changes.last?.orientation == .landscapeLeft)
            for (a, b) in zip(changes, changes.dropFirst()) {
                #expect(b.timeMs - a.timeMs >= 100, "\(a.orientation) at \(a.timeMs) ms, \(b.orientation) at \(b.timeMs) ms (\(rateHz) Hz)")
            }
        }
    }
}
