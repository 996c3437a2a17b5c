import Glibc
import Testing
import OrientationCore
@testable import PostureCore

private let desk = PairedMotion.gravity(0, 0, 1)          // base on a table, keyboard up
private let onSide = PairedMotion.gravity(1, 0, 0)        // stood on its right side: hinge vertical

@Suite struct VerticalHingeTests {
    @Test("the posture holds while the hinge is vertical; the angle goes to -1 after the announce delay")
    func holdsWhileVertical() {
        var motion = PairedMotion()
        motion.hold(base: desk, theta: 110, ms: 1000)
        #expect(motion.tracker.posture == .laptop)
        let before = motion.updates.count
        // Stood on its side, and (while unmeasurable) even folded: nothing may be concluded.
        motion.hold(base: onSide, theta: 110, ms: 400)
        #expect(motion.updates.count == before, "no -1 before unmeasurableAnnounceMs")
        motion.hold(base: onSide, theta: 300, ms: 3000)
        #expect(motion.tracker.posture == .laptop)
        #expect(motion.tracker.hingeAngle == nil)
        #expect(motion.updates.last.map { $0.hingeAngle == nil && !$0.postureChanged } == true)
        motion.hold(base: desk, theta: 110, ms: 1000)
        #expect(motion.tracker.posture == .laptop)
        #expect(motion.tracker.hingeAngle.map { abs($0 - 110) < 0.5 } == true)
        #expect(motion.postureChanges == [.laptop])
    }

    @Test("measurability has hysteresis: 62° of hinge elevation keeps the state it is in")
    func elevationHysteresis() {
        let tilted = { (elevation: Double) in
            PairedMotion.gravity(sin(elevation * .pi / 180), 0, cos(elevation * .pi / 180))
        }
        var motion = PairedMotion()
        motion.hold(base: tilted(55), theta: 120, ms: 600)
        motion.hold(base: tilted(62), theta: 120, ms: 600)
        #expect(motion.tracker.measuredAngle != nil)
        motion.hold(base: tilted(70), theta: 120, ms: 600)
        #expect(motion.tracker.unmeasurableReason == .hingeVertical)
        motion.hold(base: tilted(62), theta: 120, ms: 600)
        #expect(motion.tracker.unmeasurableReason == .hingeVertical)
        motion.hold(base: tilted(58), theta: 120, ms: 600)
        #expect(motion.tracker.measuredAngle.map { abs($0 - 120) < 0.5 } == true)
    }
}

@Suite struct MotionGateTests {
    @Test("a set-down's pulse (3 g for 20 ms) is left out: no angle during it, the posture holds, the angle returns")
    func setDownPulse() {
        var motion = PairedMotion(rateHz: 100)
        motion.hold(base: desk, theta: 120, ms: 600)
        #expect(motion.tracker.posture == .laptop)
        let pulse = Vector3(0, 0, 2 * PairedMotion.g)
        motion.hold(base: desk, theta: 120, ms: 20) { _ in (PairedMotion.rotateAboutHinge(pulse, degrees: 120), pulse) }
        #expect(motion.tracker.measuredAngle == nil)
        #expect(motion.tracker.unmeasurableReason == .accelerating)
        motion.hold(base: desk, theta: 120, ms: 100)
        #expect(motion.tracker.measuredAngle.map { abs($0 - 120) < 0.5 } == true)
        #expect(motion.postureChanges == [.laptop])
    }

    @Test("a lasting push that leaves the filtered magnitude 3.5 m/s² from g gives no angle")
    func filteredMagnitudeGate() {
        var motion = PairedMotion(rateHz: 100)
        motion.hold(base: desk, theta: 120, ms: 600)
        let push = Vector3(0, 0, 3.5)
        motion.hold(base: desk, theta: 120, ms: 400) { _ in (PairedMotion.rotateAboutHinge(push, degrees: 120), push) }
        #expect(motion.tracker.measuredAngle == nil)
        #expect(motion.tracker.unmeasurableReason == .accelerating)
        motion.hold(base: desk, theta: 120, ms: 300)
        #expect(motion.tracker.measuredAngle.map { abs($0 - 120) < 0.5 } == true)
    }

    @Test("chips whose gains differ by 10 % (one 5 % low, one 5 % high) still give the angle at once")
    func gainErrors() {
        // The two magnitudes differ by 1 m/s² for good: a gate on their difference would
        // never pass (posture-b's V08_glance_10: 9.17 against 10.31 m/s²).
        var motion = PairedMotion(rateHz: 100)
        motion.hold(base: desk, theta: 120, ms: 600) { _ in
            (PairedMotion.display(base: desk, theta: 120) * -0.05, desk * 0.05)
        }
        #expect(motion.tracker.measuredAngle.map { abs($0 - 120) < 0.5 } == true)
        #expect(motion.postureChanges == [.laptop])
    }

    @Test("walking with the lid open: a 2.5 m/s² bob at 2 Hz shared by both halves keeps the angle")
    func walking() {
        var motion = PairedMotion(rateHz: 50)
        motion.hold(base: desk, theta: 105, ms: 8000) { t in
            // Vertical in the world: along the base's z while the base lies flat.
            let bob = Vector3(0, 0, 2.5 * sin(2 * .pi * 2 * t) + 0.8 * sin(2 * .pi * 4 * t + 1))
            return (PairedMotion.rotateAboutHinge(bob, degrees: 105), bob)
        }
        #expect(motion.postureChanges == [.laptop])
        #expect(motion.tracker.measuredAngle.map { abs($0 - 105) < 0.5 } == true)
    }

    @Test("acceleration shared by a rigid device leaves the angle right")
    func rigidAcceleration() {
        var motion = PairedMotion()
        // 0.6 m/s² sideways along the world's horizontal: within the gates, shared by both halves.
        let push = Vector3(0, 0.6, 0)
        motion.hold(base: desk, theta: 120, ms: 800) { _ in
            (PairedMotion.rotateAboutHinge(push, degrees: 120), push)
        }
        #expect(motion.tracker.measuredAngle.map { abs($0 - 120) < 0.01 } == true)
    }

    @Test("samples further apart than the skew limit give no angle")
    func skew() {
        var tracker = PostureTracker()
        let display = PairedMotion.display(base: desk, theta: 120)
        var t: Int64 = 0
        for _ in 0..<30 {
            t += 20_000
            _ = tracker.process(base: Sample(timeUs: t, gravity: desk))
            _ = tracker.process(display: Sample(timeUs: t + 5_000, gravity: display))
        }
        #expect(tracker.posture == .laptop)
        // The display keeps reporting; the base sensor went silent.
        for _ in 0..<10 {
            t += 20_000
            _ = tracker.process(display: Sample(timeUs: t, gravity: display))
        }
        #expect(tracker.unmeasurableReason == .skew)
        #expect(tracker.measuredAngle == nil)
        #expect(tracker.posture == .laptop)
    }

    @Test("separate display and base samples pair within the skew limit")
    func separateSamples() {
        var tracker = PostureTracker()
        var t: Int64 = 0
        var updates: [PostureUpdate] = []
        for _ in 0..<50 {
            t += 10_000
            if let u = tracker.process(display: Sample(timeUs: t, gravity: PairedMotion.display(base: desk, theta: 250))) { updates.append(u) }
            if let u = tracker.process(base: Sample(timeUs: t + 3_000, gravity: desk)) { updates.append(u) }
        }
        #expect(updates.filter(\.postureChanged).map(\.posture) == [.tent])
        #expect(tracker.hingeAngle.map { abs($0 - 250) < 0.5 } == true)
    }

    @Test func nonFiniteSamplesAreIgnored() {
        var motion = PairedMotion()
        motion.hold(base: desk, theta: 120, ms: 600)
        #expect(motion.tracker.process(display: Vector3(.nan, 0, 0), base: desk, timeUs: 10_000_000) == nil)
        #expect(motion.tracker.process(display: Sample(timeUs: 10_000_000, gravity: Vector3(0, .infinity, 0))) == nil)
        #expect(motion.tracker.posture == .laptop)
    }
}

@Suite struct HysteresisTests {
    @Test("a band edge is crossed 6° past it, both ways")
    func angleHysteresis() {
        var motion = PairedMotion()
        motion.hold(base: desk, theta: 120, ms: 600)
        motion.sweep(base: desk, from: 120, to: 170, ms: 500)
        motion.hold(base: desk, theta: 170, ms: 1500)
        #expect(motion.tracker.posture == .laptop, "170° < 165° + 6°")
        motion.sweep(base: desk, from: 170, to: 174, ms: 100)
        motion.hold(base: desk, theta: 174, ms: 800)
        #expect(motion.tracker.posture == .flat)
        motion.sweep(base: desk, from: 174, to: 160, ms: 300)
        motion.hold(base: desk, theta: 160, ms: 1500)
        #expect(motion.tracker.posture == .flat, "160° > 165° - 6°")
        motion.sweep(base: desk, from: 160, to: 155, ms: 100)
        motion.hold(base: desk, theta: 155, ms: 800)
        #expect(motion.tracker.posture == .laptop)
        #expect(motion.postureChanges == [.laptop, .flat, .laptop])
    }

    @Test("a hinge resting on a band edge with tremor never flickers", arguments: [10.0, 50.0, 100.0])
    func tremorAtEdge(rateHz: Double) {
        for edge in [15.0, 165, 195, 335] {
            var motion = PairedMotion(rateHz: rateHz)
            let start = edge < 180 ? edge - 30 : edge + 20
            let base = edge < 180 ? desk : PairedMotion.gravity(0, 0, -1)
            motion.hold(base: base, theta: start, ms: 800)
            for i in 0..<60 {
                motion.hold(base: base, theta: edge + 4 * sin(Double(i) * 0.9), ms: 300)
            }
            #expect(motion.postureChanges.count <= 2, "edge \(edge)° at \(rateHz) Hz: \(motion.postureChanges)")
        }
    }

    @Test("a band visited for less than the settle time is not reported")
    func settleTime() {
        var motion = PairedMotion()
        motion.hold(base: desk, theta: 120, ms: 600)
        motion.hold(base: desk, theta: 190, ms: 300)
        motion.hold(base: desk, theta: 120, ms: 600)
        #expect(motion.postureChanges == [.laptop])
        motion.hold(base: desk, theta: 190, ms: 600)
        #expect(motion.postureChanges == [.laptop, .flat])
    }
}

@Suite struct LidAndWrapTests {
    @Test("a closed lid is 0° and closed at once, whatever the sensors read")
    func lidClosedForcesZero() {
        var motion = PairedMotion()
        let tabletUpright = PairedMotion.gravity(0, -1, -0.3)
        motion.hold(base: tabletUpright, theta: 360, ms: 50)
        let update = motion.tracker.setLidClosed(true, atUs: Int64(motion.timeMs * 1000))
        #expect(update == PostureUpdate(timeUs: Int64(motion.timeMs * 1000), posture: .closed, previousPosture: .unknown, hingeAngle: 0))
        motion.hold(base: tabletUpright, theta: 360, ms: 1000)
        motion.hold(base: onSide, theta: 360, ms: 1000)
        #expect(motion.tracker.posture == .closed)
        #expect(motion.tracker.hingeAngle == 0)
        #expect(motion.updates.isEmpty)
        // Opened: the sensors take over, continuing from 0° (not 360°).
        #expect(motion.tracker.setLidClosed(false, atUs: Int64(motion.timeMs * 1000)) == nil)
        motion.hold(base: desk, theta: 2, ms: 600)
        #expect(motion.tracker.posture == .closed)
        #expect(motion.tracker.measuredAngle.map { abs($0 - 2) < 0.5 } == true)
        motion.sweep(base: desk, from: 2, to: 110, ms: 600)
        motion.hold(base: desk, theta: 110, ms: 600)
        #expect(motion.postureChanges == [.laptop])
    }

    @Test("the first angle in the wrap zone: the lid switch decides, else the way the keyboard faces")
    func startupAtTheWrap() {
        let upright = PairedMotion.gravity(0, -1, 0)
        // No lid switch, held upright: closed and folded back read alike.
        var motion = PairedMotion()
        motion.hold(base: upright, theta: 0, ms: 1000)
        #expect(motion.tracker.posture == .unknown)
        #expect(motion.tracker.unmeasurableReason == .undecided)
        // The lid switch says open: folded back.
        motion = PairedMotion()
        _ = motion.tracker.setLidClosed(false, atUs: 0)
        motion.hold(base: upright, theta: 0, ms: 1000)
        #expect(motion.tracker.posture == .tablet)
        #expect(motion.tracker.hingeAngle == 360)
        // No lid switch, lying keyboard up: a closed laptop on a table.
        motion = PairedMotion()
        motion.hold(base: desk, theta: 0, ms: 1000)
        #expect(motion.tracker.posture == .closed)
        // No lid switch, keyboard facing the floor: a tablet showing its screen.
        motion = PairedMotion()
        motion.hold(base: PairedMotion.gravity(0, -0.8, -1), theta: 360, ms: 1000)
        #expect(motion.tracker.posture == .tablet)
    }

    @Test("folding through 180° to 360° and back, continuity keeps the two ends apart")
    func foldThrough() {
        // A quick fold (250°/s) is reported where it ends: the low-pass lags the moving
        // hinge by more than `filterJumpMS2`, so every other reading restarts the filters and
        // is unconfirmed, and no band between holds on measurable readings for the settle time.
        var quick = PairedMotion()
        quick.hold(base: desk, theta: 110, ms: 600)
        quick.sweep(base: desk, from: 110, to: 360, ms: 1000)
        quick.hold(base: desk, theta: 360, ms: 600)
        #expect(quick.postureChanges == [.laptop, .tablet])

        var motion = PairedMotion()
        let lap = PairedMotion.gravity(0, 0.2, 1)
        motion.hold(base: lap, theta: 100, ms: 600)
        // 40°/s: each band is crossed in more than the settle time.
        motion.sweep(base: lap, from: 100, to: 360, ms: 6500)
        motion.hold(base: lap, theta: 360, ms: 600)
        #expect(motion.tracker.measuredAngle.map { abs($0 - 360) < 0.1 } == true)
        motion.sweep(base: lap, from: 360, to: 0, ms: 9000)
        motion.hold(base: lap, theta: 0, ms: 600)
        #expect(motion.tracker.measuredAngle.map { abs($0) < 0.1 } == true)
        #expect(motion.postureChanges == [.laptop, .flat, .tent, .tablet, .tent, .flat, .laptop, .closed])
    }
}

@Suite struct AnnounceTests {
    @Test("the angle is announced in steps of 5°, or with a posture change")
    func fiveDegreeSteps() {
        var motion = PairedMotion()
        motion.hold(base: desk, theta: 110, ms: 600)
        // The first angle, then the first posture (which announces the angle again).
        #expect(motion.updates.map(\.posture) == [.unknown, .laptop])
        motion.hold(base: desk, theta: 113, ms: 600)
        #expect(motion.updates.count == 2)
        motion.hold(base: desk, theta: 116, ms: 600)
        #expect(motion.updates.count == 3)
        // Announced as soon as the (smoothed) angle is 5° from the last announcement.
        #expect(motion.updates.last.map { ($0.hingeAngle ?? -1) >= 115 && ($0.hingeAngle ?? -1) <= 116 && !$0.postureChanged } == true)
    }

    @Test("a short unmeasurable spell does not announce -1")
    func shortSpell() {
        var motion = PairedMotion()
        motion.hold(base: desk, theta: 110, ms: 600)
        motion.hold(base: desk, theta: 110, ms: 200) { _ in (Vector3(0, 0, 4), Vector3(0, 0, 4)) }
        motion.hold(base: desk, theta: 110, ms: 600)
        #expect(motion.updates.count == 2)
        #expect(motion.updates.allSatisfy { $0.hingeAngle != nil })
        // A long one does, once.
        motion.hold(base: desk, theta: 110, ms: 1000) { _ in (Vector3(0, 0, 4), Vector3(0, 0, 4)) }
        #expect(motion.updates.count == 3)
        #expect(motion.updates.last.map { $0.hingeAngle == nil } == true)
    }
}
