import Glibc
import Testing
import OrientationCore

/// A gait read through a chip's low-pass rests for an instant at each extreme of its step: the
/// reading holds at g + 2.8 m/s² for 200 ms, moves in 40 ms, holds at g − 2.8, and so on. Two
/// such rests 5.6 m/s² apart and 100 ms apart look like a vibration motor's spin-up to
/// `RestJumpGuard`, but neither is as long as g: a motor spins up on a device lying still. A
/// turn made while climbing must be followed as on any walk, not held back for seconds
/// (scripts/make-motion-traces.py --variant gait3: stairs at 100 Hz kept landscapeRight 3.6 s
/// after a turn to portrait).
@Suite struct GaitRestsTests {
    static let g = 9.80665

    /// 100 Hz, leaned back 25°: landscapeRight until 2 s, turned to portrait in 600 ms, held
    /// to 8 s; the plateaued gait along gravity from 0.5 s on.
    static func climbing() -> [Sample] {
        let lean = 25 * Double.pi / 180
        let landscapeRight = Vector3(cos(lean), 0, -sin(lean))
        let portrait = Vector3(0, -cos(lean), -sin(lean))
        var samples: [Sample] = []
        for k in 0..<800 {
            let tMs = Double(k) * 10
            let f = min(1, max(0, (tMs - 2000) / 600))
            let s = f * f * (3 - 2 * f)
            let down = (landscapeRight * (1 - s) + portrait * s) * (1 / (landscapeRight * (1 - s) + portrait * s).magnitude)
            var push = 0.0
            if tMs >= 500 {
                let u = (tMs - 500).truncatingRemainder(dividingBy: 480)
                push = u < 200 ? 2.8 : u < 240 ? 2.8 - 5.6 * (u - 200) / 40 : u < 440 ? -2.8 : -2.8 + 5.6 * (u - 440) / 40
            }
            // a chip's noise (0.1 m/s²): readings that never move would be an emulated chip's
            let noise = Vector3(sin(tMs * 1.7), sin(tMs * 2.3 + 1), sin(tMs * 3.1 + 2)) * 0.1
            let v = down * (g + push) + noise
            samples.append(Sample(timeMs: Int64(tMs), v.x, v.y, v.z))
        }
        return samples
    }

    @Test func aTurnWhileClimbingIsFollowedThoughTheGaitRestsAtItsExtremes() {
        var classifier = OrientationClassifier()
        let changes = classifier.process(Self.climbing())
        #expect(changes.map(\.orientation) == [.landscapeRight, .portrait])
        if let turned = changes.last, turned.orientation == .portrait {
            #expect(turned.timeUs - 2_600_000 < 1_000_000, "portrait \((turned.timeUs - 2_600_000) / 1000) ms after the turn ended")
        }
    }
}
