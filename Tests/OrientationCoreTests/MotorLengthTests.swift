import Testing
import OrientationCore

/// A motor's offset adds to gravity and so changes the reading's length, while a hand's turn
/// leaves gravity alone: after a jump that changed the length, a rest that stays put does not
/// end the suspicion (`ClassifierParameters.restJump.lengthToleranceMS2`).
@Suite struct MotorLengthTests {
    /// 1.0 s of `scripts/make-motion-traces.py --seed 428 --only buzz`, buzz_faceUp_50hz
    /// (18.30-19.30 s): faceUp, 9.81 m/s² long; from 18 682 ms a motor whose alias is near 0 Hz
    /// puts an offset of 8.9 m/s² on the reading within two samples, 55° from faceUp at
    /// 10.6 m/s², and holds it there, drifting 0.3 m/s² in 600 ms.
    static let heldOffset: [(Int64, Double, Double, Double)] = [
        (18302, 0.2322, 0.5001, -9.7588), (18322, 0.2800, 0.4652, -9.7917),
        (18342, 0.2733, 0.5261, -9.8457), (18362, 0.2560, 0.4659, -9.7673),
        (18382, 0.2920, 0.5424, -9.8012), (18402, 0.2974, 0.4759, -9.7431),
        (18422, 0.2289, 0.5083, -9.8166), (18442, 0.2560, 0.4593, -9.8108),
        (18462, 0.2802, 0.4736, -9.7847), (18482, 0.2761, 0.4597, -9.7945),
        (18502, 0.2615, 0.4728, -9.7943), (18522, 0.2720, 0.4559, -9.7864),
        (18542, 0.2133, 0.4530, -9.7991), (18562, 0.2802, 0.4693, -9.7547),
        (18582, 0.2227, 0.4286, -9.7504), (18602, 0.2187, 0.4786, -9.8335),
        (18622, 0.2787, 0.5274, -9.7884), (18642, 0.2192, 0.4490, -9.8391),
        (18662, 0.2781, 0.4838, -9.8012), (18682, 0.2775, 4.1817, -8.1548),
        (18702, 0.2612, 8.6602, -6.1142), (18722, 0.2610, 8.5908, -6.0833),
        (18742, 0.2386, 8.6247, -6.1525), (18762, 0.2720, 8.6260, -6.0806),
        (18782, 0.2973, 8.6008, -6.0522), (18802, 0.2467, 8.6336, -6.1156),
        (18822, 0.2584, 8.5621, -6.0684), (18842, 0.2328, 8.6056, -6.0621),
        (18862, 0.2506, 8.5947, -6.0122), (18882, 0.2973, 8.5696, -6.0243),
        (18902, 0.2852, 8.5546, -6.0369), (18922, 0.2711, 8.6125, -6.0083),
        (18942, 0.2910, 8.5815, -6.0200), (18962, 0.2604, 8.5787, -6.0481),
        (18982, 0.2289, 8.5998, -5.9624), (19002, 0.2350, 8.6266, -5.9664),
        (19022, 0.2669, 8.5569, -6.0014), (19042, 0.2607, 8.5543, -5.9116),
        (19062, 0.2963, 8.5348, -5.9489), (19082, 0.2535, 8.5432, -5.8589),
        (19102, 0.2648, 8.4968, -5.8838), (19122, 0.2127, 8.5236, -5.8686),
        (19142, 0.2844, 8.5062, -5.8225), (19162, 0.2365, 8.5267, -5.8516),
        (19182, 0.2625, 8.4912, -5.7855), (19202, 0.2288, 8.5176, -5.7782),
        (19222, 0.2636, 8.4964, -5.8329), (19242, 0.2931, 8.4785, -5.8215),
        (19262, 0.2380, 8.4680, -5.8283), (19282, 0.2800, 8.4974, -5.8401),
        (19302, 0.1704, 8.4498, -5.7826)
    ]

    @Test("an offset that lengthened the reading and stays put changes no orientation")
    func lengthenedHeldOffset() {
        let samples = Self.heldOffset.map { Sample(timeMs: $0.0, $0.1, $0.2, $0.3) }
        #expect(classify(samples).map(\.orientation) == [.faceUp])
        #expect(screenChanges(samples).isEmpty)
        // Without the rule the offset's rest, held 300 ms (restJump.holdMs), is taken at 19 062 ms.
        var without = ClassifierParameters()
        without.restJump.lengthToleranceMS2 = 100
        #expect(classify(samples, parameters: without).map(\.orientation) == [.faceUp, .portraitUpsideDown])
    }

    /// Today 340-360 ms after its end when a jump is suspected (60 and 100 ms flicks), 40-60 ms
    /// when none is (50 Hz, 80 ms); the same before this rule.
    @Test("a hand's quick 45° flick is followed once its rest has held (restJump.holdMs)",
          arguments: [50.0, 100.0], [60.0, 80.0, 100.0])
    func quickFlick(rateHz: Double, ms: Double) {
        let holdMs = ClassifierParameters.default.restJump.holdMs
        for seed in UInt64(1)...4 {
            // Portrait leaned 25° toward landscapeLeft, flicked 45° further, held by a steadied hand.
            let (samples, endMs) = MotorOnsetTests.flick(
                rateHz: rateHz, ms: ms, seed: seed,
                from: SyntheticMotion.direction(.portrait, tiltDegrees: 25, toward: .landscapeLeft),
                to: SyntheticMotion.direction(.portrait, tiltDegrees: 70, toward: .landscapeLeft),
                tremor: Tremor(tremorDegrees: 0.8, tremorHz: 9, swayDegrees: 0.3, linearMS2: 0.05))
            let changes = classify(samples)
            #expect(changes.map(\.orientation) == [.portrait, .landscapeLeft])
            #expect(changes.last.map { Double($0.timeMs) - endMs <= holdMs + 100 } == true)
            // Were no held rest to end a jump's suspicion, the 60 ms flick would wait seconds.
            var noHold = ClassifierParameters()
            noHold.restJump.holdMs = noHold.restJump.suspectMs
            if ms == 60 {
                let late = classify(samples, parameters: noHold).filter { $0.orientation == .landscapeLeft }
                #expect(late.allSatisfy { Double($0.timeMs) - endMs >= 1000 })
            }
        }
    }
}
