import Testing
import OrientationCore

/// The still path of the screen rule: a direction that does not move at all (a device on a
/// stand, a fake accelerometer) is taken after `stillMs`, and no noise-free glance passes it.
@Suite struct ScreenStillTests {
    /// The still path switched off: only the hold, steady, stride and persistent paths.
    static var withoutStill: ScreenParameters {
        var p = ScreenParameters.default
        p.stillMs = 10_000
        return p
    }

    /// Portrait, then a jump to `target` held without noise; the screen's delay after the jump.
    static func stepDelayMs(to target: Orientation, rateHz: Double, parameters: ScreenParameters) -> Int64? {
        var motion = SyntheticMotion(rateHz: rateHz, noise: 0, seed: 11)
        motion.hold(Orientation.portrait.gravityAxis!, forMs: 2000)
        let stepMs = Int64(motion.timeMs)
        motion.hold(target.gravityAxis!, forMs: 2000)
        let screen = screenChanges(motion.samples, parameters: parameters)
        guard screen.map(\.orientation) == [.portrait, target], let change = screen.last else { return nil }
        return change.timeMs - stepMs
    }

    @Test("a step to a pose that then does not move turns the screen once its readings span stillMs",
          arguments: [Orientation.landscapeLeft, .landscapeRight, .portraitUpsideDown], [50.0, 100])
    func stepIsStill(to target: Orientation, rateHz: Double) throws {
        let delay = try #require(Self.stepDelayMs(to: target, rateHz: rateHz, parameters: .default))
        let bound = Int64(ScreenParameters.default.stillMs + 1000 / rateHz)
        #expect(delay <= bound, "\(target) at \(rateHz) Hz: \(delay) ms, bound \(bound) ms")
        // Without the still path the same step waits for the smoothed hold: the test is not empty.
        let held = try #require(Self.stepDelayMs(to: target, rateHz: rateHz, parameters: Self.withoutStill))
        #expect(held > bound, "without the still path: \(held) ms")
    }

    @Test("a noise-free minimum-jerk turn turns the screen within 80 ms of the hand stopping",
          arguments: [Orientation.landscapeLeft, .portraitUpsideDown], [50.0, 100])
    func turnIsStill(to target: Orientation, rateHz: Double) {
        var motion = SyntheticMotion(rateHz: rateHz, noise: 0, seed: 13)
        motion.hold(Orientation.portrait.gravityAxis!, forMs: 2000)
        motion.turn(from: Orientation.portrait.gravityAxis!, to: target.gravityAxis!, overMs: 400)
        let stoppedMs = Int64(motion.timeMs)
        motion.hold(target.gravityAxis!, forMs: 2000)
        let screen = screenChanges(motion.samples)
        #expect(screen.map(\.orientation) == [.portrait, target], "\(screen)")
        if let change = screen.last {
            #expect(change.timeMs - stoppedMs <= 80, "\(change.timeMs - stoppedMs) ms after the stop")
        }
    }

    @Test("noise-free deep glances (75-90° as one movement, 0.4-1.2 s) never rotate the screen",
          arguments: [Orientation.landscapeLeft, .landscapeRight], [10.0, 50, 100])
    func noiseFreeDeepGlances(toward: Orientation, rateHz: Double) {
        var motion = SyntheticMotion(rateHz: rateHz, jitterMs: rateHz == 10 ? 8 : 0, noise: 0, seed: 17)
        let portrait = Orientation.portrait.gravityAxis!
        motion.hold(portrait, forMs: 2000)
        for degrees in [75.0, 80, 90] {
            for duration in [400.0, 800, 1200] {
                motion.smoothGlance(from: portrait, toward: toward.gravityAxis!, degrees: degrees, overMs: duration)
                motion.hold(portrait, forMs: 2500)
            }
        }
        #expect(classify(motion.samples).filter { $0.orientation == toward }.count >= 3)
        #expect(screenChanges(motion.samples).map(\.orientation) == [.portrait])
    }

    /// At 10 Hz two samples 50 ms either side of a glance's turning point read the same
    /// direction, however deep the glance: the still window needs a third sample
    /// (`stillMinimumSamples`), which is 5° or more away.
    @Test("a 10 Hz glance sampled symmetrically about its turning point does not look still",
          arguments: [Orientation.landscapeLeft, .landscapeRight], [700.0, 900, 1100])
    func symmetricTenHertzGlance(toward: Orientation, durationMs: Double) {
        var motion = SyntheticMotion(rateHz: 10, noise: 0, seed: 19)
        let portrait = Orientation.portrait.gravityAxis!
        // Samples fall on multiples of 100 ms and so does the glance's start: its turning
        // point, half a duration later, is 50 ms past one of them.
        motion.hold(portrait, forMs: 2000)
        motion.smoothGlance(from: portrait, toward: toward.gravityAxis!, degrees: 82, overMs: durationMs)
        motion.hold(portrait, forMs: 2500)
        #expect(classify(motion.samples).map(\.orientation) == [.portrait, toward, .portrait])
        #expect(screenChanges(motion.samples).map(\.orientation) == [.portrait])
        var twoSamples = ScreenParameters()
        twoSamples.stillMinimumSamples = 2
        #expect(screenChanges(motion.samples, parameters: twoSamples).count > 1,
                "with two samples the turning point looks still: the test is not empty")
    }
}
