import Glibc
import Testing
import OrientationCore

/// The still path on the move (`ClassifierParameters.onTheMove`): a walker reading a device
/// leaned back 36° sways it ±20° once a stride, and at the sway's far end the reading stands still
/// for an instant, 56° back: past the switch point to faceUp. Loud for longer than a glance, a
/// still reading of a face pose after an edge-up one needs the last step's average to agree
/// (`stepAgrees`), as after violent motion (`scripts/make-motion-traces.py --variant gait2
/// --seed 9`, move_walk_100hz: faceUp for 280 ms at 20 020 ms).
@Suite struct WalkerSwayTests {
    static let stepHz = 1.8

    /// Walking with the device in landscapeLeft, leaned back by `lean(t)` degrees toward faceUp,
    /// a step's bounce of 1.3 m/s² (at its lowest at the sway's far ends) and a little sideways
    /// sway.
    static func walking(rateHz: Double, untilMs: Double, lean: (Double) -> Double) -> [Sample] {
        var samples: [Sample] = []
        var t = 0.0
        while t < untilMs {
            let s = t / 1000, b = lean(t) * .pi / 180
            let down = Vector3(-cos(b), 0, -sin(b))  // landscapeLeft leaned back toward faceUp
            let bob = -1.3 * cos(2 * .pi * stepHz * s)
            let side = Vector3(0, 1, 0) * (0.8 * sin(.pi * stepHz * s))
            let g = down * (9.80665 + bob) + side
            samples.append(Sample(timeMs: Int64(t.rounded()), g.x, g.y, g.z))
            t += 1000 / rateHz
        }
        return samples
    }

    /// The sway: 36° ± 20° at the stride rate once the walker has walked 2 s (longer than a
    /// glance lasts: before that, a sway is one), farthest back every 1.1 s from 2.28 s on.
    static func swaying(_ t: Double) -> Double {
        t < 2000 ? 36 : 36 + 20 * sin(2 * .pi * stepHz / 2 * (t - 2000) / 1000)
    }

    @Test("a walker's lean sway past the switch point to faceUp changes no orientation", arguments: [25.0, 50.0, 100.0])
    func sway(rateHz: Double) {
        let samples = Self.walking(rateHz: rateHz, untilMs: 8000, lean: Self.swaying)
        #expect(classify(samples).map(\.orientation) == [.landscapeLeft], "\(rateHz) Hz")
        var without = ClassifierParameters()
        without.onTheMove.longerThanAGlanceMs = 1e9  // never on the move
        #expect(classify(samples, parameters: without).map(\.orientation).contains(.faceUp),
                "\(rateHz) Hz: the sway's far end is still and past the switch point")
    }

    @Test("a walker laying the device flat is answered within a step's average", arguments: [25.0, 50.0, 100.0])
    func layingFlat(rateHz: Double) throws {
        let turnStart = 4000.0, turnEnd = 4500.0
        let samples = Self.walking(rateHz: rateHz, untilMs: 7000) { t in
            36 + 54 * SettledOnTheMoveTests.minimumJerk((t - turnStart) / (turnEnd - turnStart))
        }
        let changes = classify(samples)
        #expect(changes.map(\.orientation) == [.landscapeLeft, .faceUp], "\(rateHz) Hz")
        let faceUp = try #require(changes.last)
        #expect(Double(faceUp.timeMs) <= turnEnd + ClassifierParameters.default.stepWindowMs, "\(rateHz) Hz")
    }
}
