import Testing
import OrientationCore

/// A shake that begins while the device is held in a vehicle swings the readings toward a
/// neighbouring edge and back. For a step window after its onset (the first loud reading after a
/// quiet break, `OnTheMove`, or the first violent one after a stride window without one) a new
/// edge-up pose needs the last step's average to agree (`shakeOnsetAgrees`): the shake's turning
/// point reads still, or two 10 Hz readings agree, for an instant only.
@Suite struct ShakeOnsetTests {
    /// 2.4 s of `scripts/make-motion-traces.py --seed 304 --only shakes`, shake_bus_10hz
    /// (27.99–30.38 s): held in portrait in a bus, quiet from 28.6 s; a shake begins at 29 493 ms
    /// and two strong readings (29 588, 29 699 ms) point to landscapeRight. The heading took them
    /// at once: landscapeRight for 393 ms.
    static let bus10Hz: [(Int64, Double, Double, Double)] = [
        (27992, -0.9886, -10.6442, -0.5008), (28098, -0.3571, -8.7821, -1.3718), (28195, 0.3605, -9.9691, -1.6117),
        (28299, -3.1611, -10.7223, -2.3192), (28400, 3.0011, -7.5758, -1.2311), (28490, -8.4368, -13.9786, -3.0473),
        (28596, 1.3630, -9.1797, -0.7773), (28693, -0.8671, -10.3149, -1.1446), (28795, -0.3348, -10.0918, -1.2648),
        (28896, -0.1966, -8.8907, -1.8014), (28993, 0.3367, -9.8120, -2.2454), (29088, 0.5968, -9.6676, -2.5868),
        (29196, 0.6403, -9.4072, -2.4123), (29286, 0.9017, -10.1592, -2.2231), (29385, 0.9774, -9.4214, -2.1308),
        (29493, -0.4533, -15.4552, -2.7689), (29588, 8.2867, 0.1463, 0.1426), (29699, 5.9646, -1.9321, -0.9327),
        (29794, -2.9632, -21.6060, -6.7660), (29886, 2.8078, -5.6940, -2.2239), (29991, -0.0920, -9.2912, -3.9426),
        (30092, -0.3613, -9.4321, -3.7477), (30197, -0.5514, -9.3089, -3.5040), (30291, -0.2279, -10.0426, -3.0217),
        (30384, -0.7089, -9.0478, -3.7328),
    ]

    /// 2 s of the same generator at 20 Hz (shake_car_20hz, seed 307, sampled at 20, 60 and 200 Hz
    /// instead of 10, 50 and 100): held in portrait in a car, quiet from 11.16 s; a shake begins
    /// at 12 313 ms and its turning point (12 414, 12 464 ms) reads still near landscapeLeft:
    /// the still path took it, landscapeLeft for 100 ms.
    static let car20Hz: [(Int64, Double, Double, Double)] = [
        (10914, 0.9401, -22.2192, -6.3170), (10964, 2.1071, -11.7398, -4.1392), (11013, -3.4783, -1.4275, -0.3034),
        (11064, -0.5128, -5.7491, -1.7659), (11113, 1.8759, -13.2756, -3.7440), (11164, 1.4385, -10.7796, -3.7864),
        (11214, 0.8002, -8.8375, -3.0810), (11264, 0.5826, -9.3945, -3.3465), (11314, 0.7141, -8.7002, -3.0950),
        (11364, 0.5140, -9.4988, -3.2204), (11414, 0.2704, -9.3674, -2.9910), (11464, 0.0230, -8.7174, -3.2246),
        (11513, -0.2099, -8.8333, -2.7736), (11564, -0.1964, -9.4221, -2.6004), (11614, -0.3467, -10.0161, -2.1904),
        (11663, -0.3930, -9.4704, -2.0305), (11714, -0.9083, -10.1317, -1.9512), (11764, -0.2640, -9.9213, -1.5866),
        (11814, -0.7329, -9.4891, -1.7607), (11864, -0.8103, -9.7596, -1.6045), (11914, -0.8643, -10.1777, -1.6932),
        (11963, -0.5352, -10.6943, -1.7096), (12014, -0.3267, -8.9525, -2.0678), (12064, -0.6263, -9.5960, -1.8645),
        (12114, 0.1050, -10.2110, -1.9726), (12163, -0.1274, -9.7993, -1.9559), (12214, -0.1203, -10.1858, -1.5467),
        (12264, -0.1265, -9.8538, -1.5370), (12313, 3.1148, -11.3521, -1.8437), (12364, 3.6419, -10.9749, -1.7763),
        (12414, -9.4288, -3.4307, 0.9442), (12464, -8.9800, -4.0308, 0.9735), (12513, 15.0927, -14.2885, -3.0168),
        (12564, 18.1984, -14.1173, -3.3022), (12614, -7.8708, -4.3954, 0.7941), (12663, -9.9691, -2.6531, 1.5734),
        (12713, 4.0661, -10.9910, -2.0248), (12764, 5.1990, -11.7692, -1.8678), (12814, 1.6497, -9.9073, -1.4846),
        (12863, 1.6986, -9.5913, -1.1415),
    ]

    /// 2.5 s of `--seed 319 --only shakes`, shake_bus_10hz (22.06–24.47 s): held in
    /// landscapeRight in a bus that stays loud (readings 9–11.5 m/s²), no violent reading for
    /// 1.1 s after an earlier shake; the next begins at 23 657 ms and two strong readings (23 770,
    /// 23 862 ms) point to portraitUpsideDown: the heading took them, portraitUpsideDown for 400 ms.
    static let loudBus10Hz: [(Int64, Double, Double, Double)] = [
        (22062, 5.0411, -5.7348, -1.1313), (22160, 8.5304, -1.0629, -1.1813), (22269, 12.8977, 21.4614, -2.4238),
        (22369, -4.3845, -15.2455, 0.3850), (22458, 7.3769, -2.6861, -0.9857), (22561, 11.4285, 20.1716, -3.7985),
        (22662, 3.8756, -7.4297, -0.6003), (22769, 10.5191, 1.9404, -0.7562), (22865, 11.0296, 3.2880, -0.6292),
        (22969, 9.7174, 1.5123, -0.5715), (23061, 9.7234, 1.5931, -0.8223), (23171, 9.9444, 1.3938, -1.2935),
        (23266, 9.4318, 1.1700, -1.3109), (23360, 9.8924, 1.3337, -1.0594), (23469, 8.9466, 1.3098, -0.8847),
        (23572, 10.7132, -0.9016, -0.9110), (23657, 14.7463, -9.0897, -1.7275), (23770, -0.8053, 12.5988, -0.3069),
        (23862, -2.9188, 15.0501, 0.2961), (23967, 14.2569, -11.5216, -3.3834), (24071, 10.8967, -2.4968, -1.9448),
        (24162, 10.8197, -0.5893, -1.3725), (24262, 9.2785, -0.6800, -1.6650), (24360, 9.3764, -0.7651, -2.1088),
        (24472, 9.5433, -0.3492, -2.3356),
    ]

    @Test("a shake's first swing does not turn the device", arguments: [bus10Hz, car20Hz])
    func shakeOnset(recorded: [(Int64, Double, Double, Double)]) {
        let changes = classify(recorded.map { Sample(timeMs: $0.0, $0.1, $0.2, $0.3) })
        #expect(changes.map(\.orientation) == [.portrait], "\(changes)")
    }

    @Test("a shake's first violent swing in a loud vehicle does not turn the device")
    func shakeInALoudVehicle() {
        let changes = classify(Self.loudBus10Hz.map { Sample(timeMs: $0.0, $0.1, $0.2, $0.3) })
        #expect(changes.map(\.orientation) == [.landscapeRight], "\(changes)")
    }

    /// A hand's quick quarter turn that begins with a jolt (loud, after 2 s held quietly) is
    /// answered no later than the same turn without the jolt, or than the end of the step window
    /// after the onset (plus a sample period).
    @Test("a quick turn that begins with a jolt is still answered", arguments: [25.0, 50.0, 100.0])
    func joltedTurn(rateHz: Double) {
        let jolted = quarterTurn(rateHz: rateHz, joltMS2: 3)
        let smooth = quarterTurn(rateHz: rateHz, joltMS2: 0)
        #expect(jolted.map(\.orientation) == [.portrait, .landscapeLeft], "\(jolted)")
        #expect(smooth.map(\.orientation) == [.portrait, .landscapeLeft], "\(smooth)")
        let onsetMs = 2000.0, stepWindowMs = ClassifierParameters.default.stepWindowMs
        let bound = max(onsetMs + stepWindowMs, Double(smooth.last?.timeMs ?? 0)) + 1000 / rateHz
        #expect(Double(jolted.last?.timeMs ?? .max) <= bound, "\(jolted) \(smooth)")
    }

    private func quarterTurn(rateHz: Double, joltMS2: Double) -> [(timeMs: Int64, orientation: Orientation)] {
        var motion = SyntheticMotion(rateHz: rateHz, jitterMs: 0.3, seed: 7)
        let portrait = SyntheticMotion.direction(.portrait, tiltDegrees: 20, toward: .faceUp)
        let landscape = SyntheticMotion.direction(.landscapeLeft, tiltDegrees: 20, toward: .faceUp)
        motion.hold(portrait, forMs: 2000)
        motion.shake(portrait, along: Vector3(1, 0, 0), amplitude: joltMS2, hz: 8, forMs: 60)
        motion.turn(from: portrait, to: landscape, overMs: 300)
        motion.hold(landscape, forMs: 1500)
        return classify(motion.samples)
    }
}
