import Glibc
import Testing
import OrientationCore
@testable import PostureCore

/// Everyday handling of an open laptop must never leave `laptop` (and never enter tablet mode).
@Suite struct NoFlickerTests {
    static let rates = [10.0, 50.0, 100.0]

    /// A lid that wobbles by `amplitude` degrees at `hz` relative to the base: the display turns
    /// about the hinge and, 12 cm from it, feels r·θ'' along its z and r·θ'² along its y.
    static func lidWobble(theta: Double, amplitude: Double, hz: Double, t: Double) -> (Double, Vector3) {
        let w = 2 * Double.pi * hz
        let a = amplitude * .pi / 180
        let angle = theta + amplitude * sin(w * t)
        let rate = a * w * cos(w * t), accel = -a * w * w * sin(w * t)
        return (angle, Vector3(0, 0.12 * rate * rate, 0.12 * accel))
    }

    @Test("carried open while walking", arguments: rates)
    func walking(rateHz: Double) {
        var motion = PairedMotion(rateHz: rateHz)
        let base = PairedMotion.gravity(0, 0.15, 1)
        motion.hold(base: base, theta: 115, ms: 800)
        var t = motion.timeMs / 1000
        let end = t + 20
        while t < end {
            // Vertical bob of a walk (2 Hz, ±3 m/s²), sway, the lid swinging ±3° with each step.
            let bob = Vector3(0.8 * sin(2 * .pi * t), 0.6 * sin(4 * .pi * t + 1), 3 * sin(4 * .pi * t))
            let (theta, lid) = Self.lidWobble(theta: 115, amplitude: 3, hz: 2, t: t)
            let tilt = PairedMotion.gravity(0.1 * sin(2 * .pi * t), 0.15 + 0.1 * sin(4 * .pi * t), 1)
            let b = tilt - bob
            let d = PairedMotion.display(base: tilt, theta: theta) - PairedMotion.rotateAboutHinge(bob, degrees: theta) + lid
            motion.timeMs += 1000 / rateHz
            if let u = motion.tracker.process(display: d, base: b, timeUs: Int64(motion.timeMs * 1000)) { motion.updates.append(u) }
            t = motion.timeMs / 1000
        }
        #expect(motion.postureChanges == [.laptop])
    }

    @Test("shaken on a lap", arguments: rates)
    func lapShake(rateHz: Double) {
        var motion = PairedMotion(rateHz: rateHz)
        let base = PairedMotion.gravity(0, 0.2, 1)
        motion.hold(base: base, theta: 110, ms: 800)
        motion.hold(base: base, theta: 110, ms: 15000) { t in
            let bounce = Vector3(0, 0, 4 * sin(2 * .pi * 4 * t))
            let (theta, lid) = Self.lidWobble(theta: 110, amplitude: 2.5, hz: 4, t: t)
            // The display's reading at the wobbling angle, expressed as a correction to the
            // reading at 110° that `hold` computes.
            let d = PairedMotion.display(base: base - bounce, theta: theta) + lid - PairedMotion.display(base: base, theta: 110)
            return (d, bounce * -1)
        }
        #expect(motion.postureChanges == [.laptop])
    }

    @Test("set down hard on a table", arguments: rates)
    func setDownHard(rateHz: Double) {
        var motion = PairedMotion(rateHz: rateHz)
        motion.hold(base: desk, theta: 120, ms: 800)
        let impact = motion.timeMs / 1000
        motion.hold(base: desk, theta: 120, ms: 3000) { t in
            let dt = t - impact
            // A 30 ms impact of 30 m/s², then the lid rings at 7 Hz, ±6° decaying in 0.15 s.
            let shock = dt < 0.03 ? Vector3(0, 0, 30 * sin(.pi * dt / 0.03)) : .zero
            let decay = exp(-dt / 0.15)
            let (theta, lid) = NoFlickerTests.lidWobble(theta: 120, amplitude: 6 * decay, hz: 7, t: dt)
            let d = PairedMotion.display(base: desk - shock, theta: theta) + lid - PairedMotion.display(base: desk, theta: 120)
            return (d, shock * -1)
        }
        #expect(motion.postureChanges == [.laptop])
        #expect(motion.tracker.measuredAngle.map { abs($0 - 120) < 1 } == true)
        #expect(motion.tracker.hingeAngle.map { abs($0 - 120) < 5 } == true)
    }

    @Test("stood on its side and laid down again", arguments: rates)
    func standOnSide(rateHz: Double) {
        var motion = PairedMotion(rateHz: rateHz)
        motion.hold(base: desk, theta: 100, ms: 800)
        // Turned over 1 s about the y axis until the hinge is vertical, left there, laid back.
        for step in 1...20 {
            let a = Double(step) / 20 * .pi / 2
            motion.hold(base: PairedMotion.gravity(sin(a), 0, cos(a)), theta: 100, ms: 50)
        }
        motion.hold(base: onSide, theta: 100, ms: 8000)
        for step in 1...20 {
            let a = (1 - Double(step) / 20) * .pi / 2
            motion.hold(base: PairedMotion.gravity(sin(a), 0, cos(a)), theta: 100, ms: 50)
        }
        motion.hold(base: desk, theta: 100, ms: 1000)
        #expect(motion.postureChanges == [.laptop])
    }
}

private let desk = PairedMotion.gravity(0, 0, 1)
private let onSide = PairedMotion.gravity(-1, 0, 0)
