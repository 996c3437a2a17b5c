import Testing
import OrientationCore
@testable import PostureCore

private let desk = PairedMotion.gravity(0, 0, 1)                  // keyboard up on a table
private let tabletInHand = PairedMotion.gravity(0, -0.8, -0.5)    // screen to the user, tilted back 32°: keyboard faces down
private let tabletUpright = PairedMotion.gravity(0, -1, 0)        // held upright: keyboard faces neither way
private let onSide = PairedMotion.gravity(1, 0, 0)                // hinge vertical

/// The display swinging on its hinge during a quick fold: its own acceleration (about 1 g,
/// tangential and centripetal) makes the two halves' magnitudes disagree, so no reading of the
/// fold is measurable; only the rest before and after is.
private func swinging(_ t: Double) -> (display: Vector3, base: Vector3) { (Vector3(0, 0, 9), .zero) }

@Suite struct FastFoldTests {
    /// laptop at 110° → tablet in 0.4 s, unmeasurable throughout, then held in the hand.
    static func flip(rateHz: Double, to pose: Vector3, theta: Double = 360) -> PairedMotion {
        var motion = PairedMotion(rateHz: rateHz)
        motion.hold(base: desk, theta: 110, ms: 2000)
        motion.hold(base: pose, theta: 200, ms: 400, disturb: swinging)
        motion.hold(base: pose, theta: theta, ms: 3000)
        return motion
    }

    @Test("a laptop flipped to a tablet between two reads is a tablet, not closed", arguments: [2.0, 10.0, 100.0])
    func flipToTablet(rateHz: Double) {
        let motion = Self.flip(rateHz: rateHz, to: tabletInHand)
        #expect(motion.postureChanges == [.laptop, .tablet], "\(rateHz) Hz")
        #expect(motion.tracker.hingeAngle.map { abs($0 - 360) < 1 } == true)
    }

    @Test("a laptop shut quickly on the table is closed", arguments: [2.0, 10.0, 100.0])
    func quickClose(rateHz: Double) {
        var motion = PairedMotion(rateHz: rateHz)
        motion.hold(base: desk, theta: 110, ms: 2000)
        motion.hold(base: desk, theta: 40, ms: 300, disturb: swinging)
        motion.hold(base: desk, theta: 0, ms: 3000)
        #expect(motion.postureChanges == [.laptop, .closed], "\(rateHz) Hz")
    }

    /// corpus-posture's fast_flip_10hz: two samples of the flip far from g are left out, the
    /// third passes the gates but reads 56° (the display's own acceleration on its arm), then
    /// the tablet rests in the hand. That sample jumped from the low-pass, so it is not taken as
    /// the last known angle until a later one agrees; with the jump rule off it is, and the
    /// low-pass drifts from it the short way round, to closed.
    @Test("a single mid-flip sample that reads any angle does not steer the flip to closed")
    func midFlipSample() {
        func flip(_ parameters: PostureParameters) -> [Posture] {
            var motion = PairedMotion(rateHz: 10, parameters: parameters)
            motion.hold(base: desk, theta: 110, ms: 2000)
            let shove = Vector3(0, 0, 25)
            motion.hold(base: desk, theta: 110, ms: 200) { _ in (shove, shove) }
            motion.hold(base: tabletInHand, theta: 56, ms: 100)
            motion.hold(base: tabletInHand, theta: 360, ms: 3000)
            return motion.postureChanges
        }
        #expect(flip(.default) == [.laptop, .tablet])
        var noJumpRule = PostureParameters.default
        noJumpRule.filterJumpMS2 = .infinity
        #expect(flip(noJumpRule) == [.laptop, .closed])
    }

    @Test("an angle the hinge cannot have reached is no angle: a tablet read at 25° for 60 ms stays a tablet")
    func unreachableAngle() {
        var motion = PairedMotion(rateHz: 100)
        motion.hold(base: tabletInHand, theta: 360, ms: 1000)
        motion.hold(base: tabletInHand, theta: 25, ms: 60)
        #expect(motion.tracker.unmeasurableReason == .unreachable)
        motion.hold(base: tabletInHand, theta: 360, ms: 1000)
        #expect(motion.postureChanges == [.tablet])
        #expect(motion.tracker.hingeAngle == 360)
    }

    @Test("flipped and held upright, nothing tells tablet from closed: the posture holds, never closed")
    func flipUprightIsUndecided() {
        var motion = Self.flip(rateHz: 10, to: tabletUpright)
        #expect(motion.postureChanges == [.laptop])
        #expect(motion.tracker.unmeasurableReason == .undecided)
        #expect(motion.tracker.hingeAngle == nil)
        // Tilted back to read: the keyboard faces down, a tablet.
        motion.hold(base: tabletInHand, theta: 360, ms: 1500)
        #expect(motion.postureChanges == [.laptop, .tablet])
    }

    @Test("with the lid switch open, the flip is a tablet even held upright")
    func flipUprightWithLidSwitch() {
        var motion = PairedMotion(rateHz: 10)
        _ = motion.tracker.setLidClosed(false, atUs: 0)
        motion.hold(base: desk, theta: 110, ms: 2000)
        motion.hold(base: tabletUpright, theta: 200, ms: 400, disturb: swinging)
        motion.hold(base: tabletUpright, theta: 360, ms: 3000)
        #expect(motion.postureChanges == [.laptop, .tablet])
    }

    @Test("a tablet unseen for seconds (hinge vertical) stays a tablet, even laid face down")
    func tabletStaysAtItsStop() {
        var motion = PairedMotion(rateHz: 50)
        motion.hold(base: tabletInHand, theta: 360, ms: 1500)
        #expect(motion.tracker.posture == .tablet)
        motion.hold(base: onSide, theta: 360, ms: 5000)
        motion.hold(base: tabletUpright, theta: 360, ms: 2000)
        // Face down on the table: the keyboard faces up, as a closed laptop's would.
        motion.hold(base: desk, theta: 360, ms: 2000)
        #expect(motion.postureChanges == [.tablet])
        #expect(motion.tracker.hingeAngle.map { abs($0 - 360) < 1 } == true)
    }

    @Test("at rest at either stop the low rate keeps the end: the other one is out of reach in 0.5 s")
    func restAtLowRate() {
        var tablet = PairedMotion(rateHz: 2)
        tablet.hold(base: tabletInHand, theta: 360, ms: 3000)
        tablet.hold(base: tabletUpright, theta: 360, ms: 10000)
        #expect(tablet.postureChanges == [.tablet])
        #expect(tablet.tracker.hingeAngle != nil)
        var closed = PairedMotion(rateHz: 2)
        closed.hold(base: desk, theta: 0, ms: 3000)
        closed.hold(base: tabletUpright, theta: 0, ms: 10000)
        #expect(closed.postureChanges == [.closed])
        #expect(closed.tracker.hingeAngle != nil)
    }
}

@Suite struct KernelHingeTests {
    /// Readings of a kernel hinge sensor every `periodMs`.
    static func feed(_ tracker: inout PostureTracker, _ degrees: Double?, from: inout Int64, ms: Int64, periodMs: Int64 = 500) -> [PostureUpdate] {
        var updates: [PostureUpdate] = []
        let end = from + ms * 1000
        while from < end {
            from += periodMs * 1000
            if let update = tracker.process(hingeAngle: degrees, timeUs: from) { updates.append(update) }
        }
        return updates
    }

    @Test("the kernel's angle goes through the same bands, hysteresis and settle time")
    func bands() {
        var tracker = PostureTracker()
        var t: Int64 = 0
        var changes: [Posture] = []
        for degrees in [100.0, 200, 350, 340, 330, 100] {
            changes += Self.feed(&tracker, degrees, from: &t, ms: 1500).filter(\.postureChanged).map(\.posture)
        }
        // 340° and 330° are within the tablet band's hysteresis (335 - 10).
        #expect(changes == [.laptop, .tent, .tablet, .laptop])
        // One reading is not enough: the band must hold for the settle time.
        var quick = PostureTracker()
        t = 0
        _ = Self.feed(&quick, 100, from: &t, ms: 1500)
        #expect(quick.process(hingeAngle: 350, timeUs: t + 100_000)?.postureChanged != true)
        #expect(quick.process(hingeAngle: 100, timeUs: t + 200_000)?.postureChanged != true)
        #expect(quick.posture == .laptop)
    }

    @Test("an unreliable reading (the EC's 500) holds the posture and, after a while, reports -1")
    func unreliable() {
        var tracker = PostureTracker()
        var t: Int64 = 0
        _ = Self.feed(&tracker, 120, from: &t, ms: 1500)
        let updates = Self.feed(&tracker, 500, from: &t, ms: 1500)
        #expect(tracker.posture == .laptop)
        #expect(tracker.unmeasurableReason == .sensorUnreliable)
        #expect(updates.map(\.hingeAngle) == [nil])
        _ = Self.feed(&tracker, nil, from: &t, ms: 1000)
        #expect(tracker.posture == .laptop)
        // Slightly past the stops (firmware rounding) is clamped.
        _ = Self.feed(&tracker, 362, from: &t, ms: 1500)
        #expect(tracker.posture == .tablet)
        #expect(tracker.hingeAngle == 360)
    }

    @Test("a closed lid beats the kernel's angle")
    func lidClosed() {
        var tracker = PostureTracker()
        var t: Int64 = 0
        _ = Self.feed(&tracker, 120, from: &t, ms: 1500)
        #expect(tracker.setLidClosed(true, atUs: t)?.posture == .closed)
        _ = Self.feed(&tracker, 120, from: &t, ms: 1500)
        #expect(tracker.posture == .closed)
        _ = tracker.setLidClosed(false, atUs: t)
        _ = Self.feed(&tracker, 120, from: &t, ms: 1500)
        #expect(tracker.posture == .laptop)
    }
}
