import Testing
import OrientationCore

/// The first data after a dropout (`ResumeParameters`) on recorded walkers of the third motion
/// model (`scripts/make-motion-traces.py --variant gait3`): a 10 Hz poll whose timer fires early
/// (`windowMs`), and a turn that stopped 16° off square (`axisDegrees`).
@Suite struct ResumeRecordedTests {
    /// 3.3 s of seed 3's drop_walk_10hz (16.0-19.3 s): landscapeRight, a dropout from 17 964 to
    /// 18 766 ms that hid a turn to portrait; the first three readings after it span 179 ms.
    static let earlyTimer: [(Int64, Double, Double, Double)] = [
        (16022, 11.5496, 0.4022, -2.0494), (16119, 10.5536, 0.3448, -0.3831), (16233, 8.0637, -0.0575, -0.6704),
        (16333, 7.2975, -0.4214, -2.7390), (16420, 8.5042, -0.7661, -4.3862), (16530, 10.8601, -1.4174, -4.0989),
        (16626, 11.2432, -1.3982, -2.1644), (16716, 9.4427, -0.9385, -0.9577), (16829, 7.2401, -0.3065, -1.8962),
        (16937, 7.7381, 0.0766, -4.0606), (17038, 10.0748, 0.2873, -4.8076), (17130, 11.4730, 0.2298, -3.3902),
        (17231, 10.4196, 0.0192, -1.1684), (17317, 8.3701, -0.2873, -0.9002), (17409, 7.0294, -0.6129, -2.5857),
        (17505, 8.2169, -1.0918, -4.2329), (17594, 10.2472, -1.7047, -4.3096), (17701, 11.4156, -1.8196, -2.2601),
        (17804, 9.8258, -1.4940, -0.6321), (17964, 7.1826, -0.7087, -2.3176), (18766, -0.8811, -11.2623, -3.3327),
        (18858, -0.8045, -11.6071, -1.6855), (18945, -0.6321, -10.5345, -0.5746), (19044, -0.2107, -8.7724, -0.6321),
        (19131, 0.0192, -8.0062, -1.8004), (19241, 0.2490, -8.9256, -3.5817)
    ]

    /// 4 s of seed 20's drop_walk_10hz (31.5-35.5 s): landscapeLeft, a dropout from 33 882 to
    /// 35 028 ms that hid a turn to portrait; the readings after it point 14-16° off its axis.
    static let offSquare: [(Int64, Double, Double, Double)] = [
        (31570, -7.0294, 0.2107, -2.9113), (31672, -8.8681, 0.0192, -4.4819), (31758, -11.1282, -0.1724, -3.7924),
        (31860, -11.4156, -0.1915, -1.3791), (31955, -9.6343, -0.0766, -0.2873), (32094, -7.2975, 0.4788, -2.1069),
        (32199, -8.2935, 0.8428, -4.0797), (32302, -10.4962, 0.9577, -4.2521), (32394, -11.3964, 0.8811, -2.2793),
        (32481, -10.4004, 1.0726, -0.6704), (32582, -7.9679, 0.7278, -0.8811), (32684, -7.2209, 0.4022, -2.8347),
        (32772, -8.6574, 0.1149, -4.3096), (32879, -11.0708, -0.0766, -3.5817), (32978, -11.3964, -0.0575, -1.4557),
        (33072, -9.5768, 0.0192, -0.3448), (33176, -7.5848, 0.3065, -1.2641), (33277, -7.7381, 0.8428, -3.1795),
        (33384, -10.1706, 1.3982, -3.8690), (33490, -11.6646, 1.7430, -1.6664), (33582, -10.5728, 1.2450, 0.1341),
        (33685, -8.0445, 0.7853, -0.1532), (33785, -7.2975, 0.2490, -2.5091), (33882, -9.1171, -0.0575, -3.9265),
        (35028, 3.0837, -10.9750, -2.8730), (35124, 3.2178, -11.4347, -0.7278), (35210, 2.5666, -9.5577, 0.4788),
        (35305, 1.8771, -7.3358, -0.5171), (35415, 1.3791, -7.4124, -3.2561)
    ]

    /// When the device and the screen first report portrait, in ms after the data came back.
    static func delays(_ recorded: [(Int64, Double, Double, Double)], backMs: Int64,
                       resume: ResumeParameters) -> (device: Int64?, screen: Int64?) {
        ResumeAfterDropoutTests.delays(recorded.map { Sample(timeMs: $0.0, $0.1, $0.2, $0.3) }, to: .portrait,
                                       backMs: backMs, resume: resume)
    }

    @Test func threeReadingsOfAnEarlyTimerAnswer() throws {
        let now = Self.delays(Self.earlyTimer, backMs: 18_766, resume: ResumeParameters())
        #expect(now.device == 179 && now.screen == 179, "device \(String(describing: now.device)), screen \(String(describing: now.screen))")
        var waiting = ResumeParameters()
        waiting.windowMs = 180  // waits for a fourth reading, 100 ms later
        let late = Self.delays(Self.earlyTimer, backMs: 18_766, resume: waiting)
        #expect((late.device ?? .max) > 250 && (late.screen ?? .max) > 250)
    }

    @Test func aTurnStoppedOffSquareIsAnswered() throws {
        let now = Self.delays(Self.offSquare, backMs: 35_028, resume: ResumeParameters())
        #expect(now.device == 182 && now.screen == 182, "device \(String(describing: now.device)), screen \(String(describing: now.screen))")
        var tight = ResumeParameters()
        tight.axisDegrees = 15
        let late = Self.delays(Self.offSquare, backMs: 35_028, resume: tight)
        #expect((late.device ?? .max) > 250 && (late.screen ?? .max) > 250)
    }
}
