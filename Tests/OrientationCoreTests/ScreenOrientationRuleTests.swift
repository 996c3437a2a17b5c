import Glibc
import Testing
import OrientationCore

@Suite struct ScreenGlanceTests {
    static let rates: [Double] = [10, 50, 100]
    static let amplitudes: [Double] = [50, 60, 70]
    static let durationsMs: [Double] = [400, 800, 1200]

    /// Portrait, then nine glances (50/60/70° × 0.4/0.8/1.2 s) toward `toward`, 2.5 s apart.
    static func glances(toward: Orientation, rateHz: Double, tremor: Bool) -> [Sample] {
        var motion = SyntheticMotion(rateHz: rateHz, jitterMs: rateHz == 10 ? 8 : 0.5, seed: 3)
        motion.tremor = tremor ? .hand : nil
        let portrait = Orientation.portrait.gravityAxis!
        motion.hold(portrait, forMs: 2000)
        for amplitude in amplitudes {
            for duration in durationsMs {
                motion.glance(from: portrait, toward: toward.gravityAxis!, degrees: amplitude, overMs: duration)
                motion.hold(portrait, forMs: 2500)
            }
        }
        return motion.samples
    }

    @Test("a tilt of 50-70° that comes straight back within 0.4-1.2 s never rotates the screen",
          arguments: [Orientation.landscapeLeft, .landscapeRight, .faceUp], rates)
    func glancesKeepTheScreen(toward: Orientation, rateHz: Double) {
        for tremor in [false, true] {
            let samples = Self.glances(toward: toward, rateHz: rateHz, tremor: tremor)
            // The device orientation does follow most 60° and 70° glances: the test is not empty.
            let device = classify(samples)
            #expect(device.filter { $0.orientation == toward }.count >= 3, "tremor \(tremor): \(device)")
            let screen = screenChanges(samples)
            #expect(screen.map(\.orientation) == [.portrait], "tremor \(tremor): \(screen)")
        }
    }

    @Test("deep glances that pass the landscape axis and come straight back never rotate the screen",
          arguments: [Orientation.landscapeLeft, .landscapeRight], rates)
    func deepGlances(toward: Orientation, rateHz: Double) {
        for tremor in [false, true] {
            var motion = SyntheticMotion(rateHz: rateHz, jitterMs: rateHz == 10 ? 8 : 0.5, seed: 7)
            motion.tremor = tremor ? .hand : nil
            let portrait = SyntheticMotion.direction(.portrait, tiltDegrees: 15, toward: .faceUp)
            let axis = SyntheticMotion.direction(toward, tiltDegrees: 15, toward: .faceUp)
            motion.hold(portrait, forMs: 2000)
            for degrees in [80.0, 90] {
                for duration in [400.0, 800, 1200] {
                    motion.smoothGlance(from: portrait, toward: axis, degrees: degrees, overMs: duration)
                    motion.hold(portrait, forMs: 2500)
                }
            }
            #expect(classify(motion.samples).filter { $0.orientation == toward }.count >= 3, "tremor \(tremor)")
            #expect(screenChanges(motion.samples).map(\.orientation) == [.portrait], "tremor \(tremor)")
        }
    }

    @Test("glances away from landscape toward portrait keep landscape", arguments: rates)
    func glancesFromLandscape(rateHz: Double) {
        var motion = SyntheticMotion(rateHz: rateHz, jitterMs: rateHz == 10 ? 8 : 0.5, seed: 5)
        motion.tremor = .hand
        let landscape = Orientation.landscapeRight.gravityAxis!
        motion.hold(landscape, forMs: 2000)
        for toward in [Orientation.portrait, .portraitUpsideDown] {
            for duration in Self.durationsMs {
                motion.glance(from: landscape, toward: toward.gravityAxis!, degrees: 70, overMs: duration)
                motion.hold(landscape, forMs: 2500)
            }
        }
        #expect(classify(motion.samples).count > 1)
        #expect(screenChanges(motion.samples).map(\.orientation) == [.landscapeRight])
    }
}

@Suite struct ScreenRotationTests {
    /// The hold (speed under 30°/s for 90 ms in the screen's plane) comes 0–120 ms after a
    /// minimum-jerk turn stops at 50–100 Hz, plus the 25 ms smoothing and the 80 ms speed
    /// interval; at 10 Hz it needs two samples under the speed, one poll period more. The last
    /// degrees of a minimum-jerk turn are already slower than the hold speed, so the screen may
    /// turn up to 100 ms before the hand stops. Where sway and tremor keep the in-plane speed
    /// above the hold speed for 90 ms at a time, the steady path (300 ms dwell, from when the
    /// speed falls under 40°/s, up to 70 ms after the stop with tremor) decides: 370 ms, one
    /// poll period more at 10 Hz. (With an 80 ms hold, 350 ms held.)
    static func delayBoundMs(rateHz: Double) -> Int64 { rateHz <= 10 ? 470 : 370 }

    @Test("a deliberate rotation rotates the screen soon after the hand stops",
          arguments: [Orientation.landscapeLeft, .landscapeRight, .portraitUpsideDown], ScreenGlanceTests.rates)
    func deliberateRotation(to target: Orientation, rateHz: Double) {
        for tremor in [false, true] {
            for durationMs in [300.0, 600, 1000] {
                var motion = SyntheticMotion(rateHz: rateHz, jitterMs: rateHz == 10 ? 8 : 0.5, seed: 9)
                motion.tremor = tremor ? .hand : nil
                // A real hand holds a device leaning back; a 180° turn goes through landscape.
                let start = SyntheticMotion.direction(.portrait, tiltDegrees: 15, toward: .faceUp)
                let end = SyntheticMotion.direction(target, tiltDegrees: 15, toward: .faceUp)
                motion.hold(start, forMs: 2000)
                motion.turn(from: start, to: end, overMs: durationMs)
                let stoppedMs = Int64(motion.timeMs)
                motion.hold(end, forMs: 3000)
                let screen = screenChanges(motion.samples)
                let label = "\(target) over \(durationMs) ms, tremor \(tremor)"
                #expect(screen.map(\.orientation) == [.portrait, target], "\(label): \(screen)")
                if let change = screen.last, change.orientation == target {
                    let delay = change.timeMs - stoppedMs
                    #expect(delay > -100 && delay <= Self.delayBoundMs(rateHz: rateHz), "\(label): \(delay) ms after the hand stopped")
                }
            }
        }
    }

    /// The stride evidence is measured in the screen's plane: a device leaned back 40° (read
    /// while walking) is 40° from every edge pose's axis in space, yet its edge is plainly up.
    @Test("a rotation made while walking rotates the screen from the stride-averaged gravity",
          arguments: [15.0, 40.0])
    func rotationWhileWalking(leanDegrees: Double) {
        var motion = SyntheticMotion(rateHz: 50)
        let portrait = SyntheticMotion.direction(.portrait, tiltDegrees: leanDegrees, toward: .faceUp)
        let landscape = SyntheticMotion.direction(.landscapeLeft, tiltDegrees: leanDegrees, toward: .faceUp)
        // Halfway, still leaning back as much (a great circle between the ends would lean the
        // device further back on the way, into faceUp at 40°).
        let lean = leanDegrees * .pi / 180
        let halfway = Vector3(-cos(lean) / 2.squareRoot(), -cos(lean) / 2.squareRoot(), -sin(lean))
        motion.hold(portrait, forMs: 2000)
        motion.turn(from: portrait, to: halfway, overMs: 300)
        motion.turn(from: halfway, to: landscape, overMs: 300)
        let stoppedMs = Int64(motion.timeMs)
        // Sway across gravity (the device's y axis, horizontal in landscape) at the walking
        // rate: the direction swings ±17°, never holds.
        motion.shake(landscape, along: Vector3(0, 1, 0), amplitude: 3, hz: 2, forMs: 6000)
        let device = classify(motion.samples)
        let screen = screenChanges(motion.samples)
        #expect(screen.map(\.orientation) == [.portrait, .landscapeLeft], "\(screen)")
        if let change = screen.last, let reported = device.first(where: { $0.orientation == .landscapeLeft }) {
            // Not before the classifier, and well before the persistence fallback.
            #expect(change.timeMs >= reported.timeMs)
            #expect(change.timeMs - reported.timeMs < Int64(ScreenParameters.default.unsteadyFallbackMs))
            #expect(change.timeMs - stoppedMs <= 1600, "\(change.timeMs - stoppedMs) ms")
        }
        // Without the stride evidence only the fallback would have turned it.
        var noStride = ScreenParameters()
        noStride.strideAxisDegrees = 0
        let late = screenChanges(motion.samples, parameters: noStride)
        if let change = late.last, let reported = device.first(where: { $0.orientation == .landscapeLeft }) {
            #expect(change.timeMs - reported.timeMs >= Int64(noStride.unsteadyFallbackMs))
        }
    }

    @Test("a dropout in the middle of a rotation: the screen follows once the hold is seen again",
          arguments: [10.0, 50, 100], [400.0, 800, 1200])
    func dropoutMidRotation(rateHz: Double, gapMs: Double) {
        var motion = SyntheticMotion(rateHz: rateHz, jitterMs: rateHz == 10 ? 8 : 0.5, seed: 13)
        motion.tremor = .hand
        let portrait = SyntheticMotion.direction(.portrait, tiltDegrees: 15, toward: .faceUp)
        let landscape = SyntheticMotion.direction(.landscapeRight, tiltDegrees: 15, toward: .faceUp)
        let middle = SyntheticMotion.slerp(portrait, landscape, 0.5)
        motion.hold(portrait, forMs: 2000)
        motion.turn(from: portrait, to: middle, overMs: 300)
        motion.gap(ms: gapMs)
        let resumedMs = Int64(motion.timeMs)
        motion.hold(landscape, forMs: 3000)
        let screen = screenChanges(motion.samples)
        #expect(screen.map(\.orientation) == [.portrait, .landscapeRight], "\(screen)")
        if let change = screen.last {
            // Not from the samples before the gap: the hold is measured again after it.
            #expect(change.timeMs - resumedMs >= Int64(ScreenParameters.default.holdMs), "\(screen)")
            #expect(change.timeMs - resumedMs <= (rateHz <= 10 ? 400 : 300), "\(change.timeMs - resumedMs) ms after the samples resumed")
        }
    }
}

@Suite struct ScreenRuleTests {
    @Test func unknownBeforeTheFirstEdgeUpPose() {
        var motion = SyntheticMotion(rateHz: 50)
        let flat = Orientation.faceUp.gravityAxis!
        motion.hold(flat, forMs: 2000)
        var classifier = OrientationClassifier()
        var rule = ScreenOrientationRule()
        #expect(rule.process(motion.samples, classifier: &classifier).isEmpty)
        #expect(classifier.orientation == .faceUp)
        #expect(rule.orientation == .unknown)
        // Picked up: the first edge-up pose is taken as soon as the classifier reports it.
        var lift = SyntheticMotion(rateHz: 50)
        lift.hold(flat, forMs: 2000)
        lift.turn(from: flat, to: Orientation.portrait.gravityAxis!, overMs: 600)
        lift.hold(Orientation.portrait.gravityAxis!, forMs: 1000)
        let device = classify(lift.samples)
        let screen = screenChanges(lift.samples)
        #expect(screen.count == 1 && screen.first?.orientation == .portrait)
        #expect(screen.first?.timeMs == device.first { $0.orientation == .portrait }?.timeMs)
    }

    @Test("faceUp and faceDown keep the previous screen orientation")
    func facePosesKeepTheScreen() {
        var motion = SyntheticMotion(rateHz: 50)
        let landscape = Orientation.landscapeLeft.gravityAxis!
        motion.hold(landscape, forMs: 2000)
        motion.turn(from: landscape, to: Orientation.faceUp.gravityAxis!, overMs: 800)
        motion.hold(Orientation.faceUp.gravityAxis!, forMs: 3000)
        motion.turn(from: Orientation.faceUp.gravityAxis!, to: Orientation.faceDown.gravityAxis!, overMs: 1000)
        motion.hold(Orientation.faceDown.gravityAxis!, forMs: 3000)
        let device = classify(motion.samples).map(\.orientation)
        #expect(device.contains(.faceUp) && device.contains(.faceDown))
        #expect(screenChanges(motion.samples).map(\.orientation) == [.landscapeLeft])
    }

    @Test("unsupported poses keep the previous screen orientation")
    func unsupportedPosesKeepTheScreen() throws {
        let supported = try SupportedOrientations(parsing: "portrait;landscapeLeft;landscapeRight")
        var motion = SyntheticMotion(rateHz: 50)
        let axes = [Orientation.landscapeLeft, .portraitUpsideDown, .landscapeRight].map { $0.gravityAxis! }
        motion.hold(axes[0], forMs: 2000)
        motion.turn(from: axes[0], to: axes[1], overMs: 600)
        motion.hold(axes[1], forMs: 3000)
        motion.turn(from: axes[1], to: axes[2], overMs: 600)
        motion.hold(axes[2], forMs: 2000)
        #expect(classify(motion.samples).map(\.orientation) == [.landscapeLeft, .portraitUpsideDown, .landscapeRight])
        #expect(screenChanges(motion.samples, supported: supported).map(\.orientation) == [.landscapeLeft, .landscapeRight])
        // An unsupported first pose leaves the screen unknown.
        var upsideDown = SyntheticMotion(rateHz: 50)
        upsideDown.hold(axes[1], forMs: 2000)
        #expect(screenChanges(upsideDown.samples, supported: supported).isEmpty)
    }

    @Test("after a pause in samples the device must hold again")
    func gapRestartsTheDwell() {
        var motion = SyntheticMotion(rateHz: 50)
        let portrait = Orientation.portrait.gravityAxis!
        let landscape = Orientation.landscapeRight.gravityAxis!
        motion.hold(portrait, forMs: 2000)
        motion.turn(from: portrait, to: landscape, overMs: 400)
        motion.hold(landscape, forMs: 100)
        motion.gap(ms: 2000)
        let resumedMs = Int64(motion.timeMs)
        motion.hold(landscape, forMs: 2000)
        let screen = screenChanges(motion.samples)
        #expect(screen.map(\.orientation) == [.portrait, .landscapeRight])
        #expect(screen.last.map { $0.timeMs >= resumedMs + Int64(ScreenParameters.default.holdMs) } == true, "\(screen)")
    }

    @Test func nonFiniteSamplesAreIgnored() {
        var rule = ScreenOrientationRule()
        var t: Int64 = 0
        for _ in 0..<50 {
            _ = rule.process(Sample(timeMs: t, 0, -9.8, 0), deviceOrientation: .portrait)
            t += 20
        }
        #expect(rule.orientation == .portrait)
        for _ in 0..<100 {
            #expect(rule.process(Sample(timeMs: t, .nan, .infinity, 0), deviceOrientation: .portrait) == nil)
            t += 20
        }
        #expect(rule.orientation == .portrait)
    }
}
