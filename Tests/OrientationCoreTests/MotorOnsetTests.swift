import Testing
import OrientationCore

/// A motor's offset shorter than `restJump.minMS2` is a jump too when it sets in as fast
/// (`ClassifierParameters.restJump.scaledMinMS2`): its spin-up ends within 30 ms, while a hand
/// turning a phone 25° from rest to rest takes 100 ms or more.
@Suite struct MotorOnsetTests {
    /// 0.78 s of `scripts/make-motion-traces.py --seed 279 --only buzz`, buzz_portrait_50hz
    /// (8.31-9.09 s): portrait 30° back on a stand; from 8 570 ms a motor whose alias is near
    /// 0 Hz puts an offset of 4.6 m/s² on the reading within one sample (8 588 ms), pointing it
    /// 34° from faceUp at 10.5 m/s², and holds it there, drifting 0.5 m/s² in 300 ms.
    static let nearStill: [(Int64, Double, Double, Double)] = [
        (8308, 0.0356, -8.5630, -4.9217), (8328, 0.0105, -8.5267, -4.8936),
        (8348, -0.0285, -8.5561, -4.8390), (8368, -0.0417, -8.4303, -4.8897),
        (8388, 0.0005, -8.4775, -4.8873), (8408, -0.0166, -8.5087, -4.8537),
        (8428, -0.0241, -8.4981, -4.8786), (8448, 0.0239, -8.4836, -4.9106),
        (8468, -0.0094, -8.5223, -4.9206), (8488, 0.0556, -8.4416, -4.8739),
        (8508, -0.0364, -8.4958, -4.8615), (8528, 0.0279, -8.4895, -4.9038),
        (8548, 0.0189, -8.4964, -4.8525), (8568, -0.0270, -8.5220, -4.8934),
        (8588, 0.0112, -7.9025, -5.8685), (8608, -0.0334, -6.0307, -8.7268),
        (8628, -0.0832, -5.9784, -8.6922), (8648, -0.0097, -5.9426, -8.6624),
        (8668, -0.0120, -5.9786, -8.7030), (8688, -0.0624, -5.9570, -8.6349),
        (8708, 0.0044, -5.8935, -8.5823), (8728, -0.0216, -5.8299, -8.6363),
        (8748, -0.0232, -5.8461, -8.5917), (8768, -0.0148, -5.8318, -8.6126),
        (8788, 0.0323, -5.7427, -8.5545), (8808, 0.0207, -5.6692, -8.4618),
        (8828, -0.0467, -5.7122, -8.5214), (8848, -0.0503, -5.6898, -8.4564),
        (8868, -0.0134, -5.6321, -8.4527), (8888, -0.0102, -5.6245, -8.4947),
        (8908, -0.0067, -5.5671, -8.3960), (8928, -0.0550, -5.5474, -8.3826),
        (8948, 0.0221, -5.5061, -8.3382), (8968, 0.0325, -5.5203, -8.3848),
        (8988, -0.0487, -5.4985, -8.3219), (9008, 0.0388, -5.3836, -8.2963),
        (9028, 0.0091, -5.4256, -8.2489), (9048, 0.0085, -5.4243, -8.2746),
        (9068, -0.0183, -5.3562, -8.2694), (9088, 0.0029, -5.3811, -8.2226)
    ]

    @Test("an offset under restJump.minMS2 set in within one sample changes no orientation")
    func smallQuickOffset() {
        let samples = Self.nearStill.map { Sample(timeMs: $0.0, $0.1, $0.2, $0.3) }
        #expect(classify(samples).map(\.orientation) == [.portrait])
        #expect(screenChanges(samples).map(\.orientation) == [.portrait])
        // Without the rule the still path takes the offset for faceUp as soon as it rests.
        var without = ClassifierParameters()
        without.restJump.scaledMinMS2 = without.restJump.minMS2
        #expect(classify(samples, parameters: without).map(\.orientation) == [.portrait, .faceUp])
    }

    /// A phone on a stand in portrait leaned back 32°, flicked 25° further back (past the
    /// switch point to faceUp) by a hand in `ms` (minimum jerk), then left there (or from
    /// `before` to `after`, held with `tremor`).
    static func flick(rateHz: Double, ms: Double, seed: UInt64,
                      from before: Vector3 = SyntheticMotion.direction(.portrait, tiltDegrees: 32, toward: .faceUp),
                      to after: Vector3 = SyntheticMotion.direction(.portrait, tiltDegrees: 57, toward: .faceUp),
                      tremor: Tremor? = nil) -> (samples: [Sample], endMs: Double) {
        var motion = SyntheticMotion(rateHz: rateHz, jitterMs: 0.5, seed: seed)
        motion.tremor = tremor
        motion.hold(before, forMs: 2000 + Double(seed) * 3)
        motion.turn(from: before, to: after, overMs: ms)
        let endMs = motion.timeMs
        motion.hold(after, forMs: 2000)
        return (motion.samples, endMs)
    }

    @Test("a hand's quick 25° flick is followed within 60 ms of its end",
          arguments: [(50.0, 100.0), (100.0, 120.0)])
    func quickFlick(rateHz: Double, ms: Double) {
        for seed in UInt64(1)...5 {
            let (samples, endMs) = Self.flick(rateHz: rateHz, ms: ms, seed: seed)
            let changes = classify(samples)
            #expect(changes.map(\.orientation) == [.portrait, .faceUp])
            #expect(changes.last.map { Double($0.timeMs) - endMs <= 60 } == true)
            // Lowering restJump.minMS2 to 4 m/s² (23.6°) instead holds the flick back for a hold.
            var lowered = ClassifierParameters()
            lowered.restJump.minMS2 = 4
            #expect(classify(samples, parameters: lowered).last.map { Double($0.timeMs) - endMs >= 300 } == true)
        }
    }
}
