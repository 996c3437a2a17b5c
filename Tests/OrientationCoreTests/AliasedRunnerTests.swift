import Testing
import OrientationCore

/// A runner's 3 Hz step read at 10 Hz (`ClassifierParameters.strideKeepsCandidateMS2`): 3-4
/// readings a step, each step average another part of it, so only one sample in three passes
/// the step-led checks, and the stride average of 8-9 readings swings 8-14 m/s² long. The pose
/// the passing samples propose must survive the samples between them while the stride average
/// agrees, or a turn made while running is reported seconds late.
@Suite struct AliasedRunnerTests {
    /// 4.9 s of `scripts/make-motion-traces.py --variant gait3 --seed 1`, move_run_10hz
    /// (28.5-33.4 s): landscapeLeft, a turn to portrait ending at 30 375 ms, portrait.
    static let recorded: [(Int64, Double, Double, Double)] = [
        (28560, -13.8289, -1.1875, -9.9024), (28668, 0.6512, -1.0726, 12.6605), (28758, -11.1091, 0.3256, -6.5122),
        (28858, -11.6071, 1.3982, -15.5719), (28964, -19.3260, 1.5514, 0.5171), (29051, 11.6646, 0.9577, 17.0467),
        (29145, -17.4298, -1.5514, -17.2574), (29243, -13.7523, -2.5857, -9.5960), (29344, 0.9577, -1.2833, 13.3118),
        (29452, -17.1042, -0.4980, -13.2160), (29560, -13.1585, 0.7853, -12.2392),
        (29656, -11.0325, -1.3408, 6.6080), (29760, -4.9416, -6.0334, -3.9265), (29858, -4.0797, -10.0748, -17.6022),
        (29947, -2.9305, -17.6788, -5.2289), (30035, 1.1492, 7.1826, 18.7131), (30138, -0.9577, -15.3804, -19.1536),
        (30252, -1.3982, -12.9287, -10.1514), (30344, -1.4174, -1.8579, 13.3309),
        (30458, 1.2258, -14.6334, -18.0810), (30556, 1.9920, -10.1897, -15.1314), (30645, 2.1261, -15.1888, 2.3750),
        (30745, -0.0575, -2.4134, 1.6855), (30848, -1.2641, -10.8409, -18.8088), (30941, -1.7813, -19.0195, -4.9991),
        (31050, -0.9768, 8.9639, 15.7634), (31144, 0.9194, -15.1505, -19.9581), (31252, 1.8962, -14.7674, -6.8187),
        (31366, 0.4980, 10.0173, 20.4752), (31463, -1.0918, -15.6677, -19.9198), (31567, -2.2027, -12.8904, -9.7300),
        (31722, -0.3831, 3.8499, 9.8450), (31815, 0.5555, -13.1777, -19.6133), (31908, 1.1875, -13.3309, -8.5808),
        (32015, 0.9385, 5.4971, 16.9318), (32116, -1.0918, -16.5870, -16.1082), (32214, -2.1261, -11.7029, -14.0396),
        (32300, -1.8771, -16.9893, 1.3408), (32397, -0.5363, 2.9688, 8.2935), (32498, 1.0534, -12.2966, -20.0730),
        (32586, 1.8004, -15.2463, -6.3973), (32700, 0.3831, 10.3430, 20.0921), (32808, -0.9002, -13.9055, -20.8774),
        (32896, -1.8196, -13.4650, -9.6343), (33004, -1.2067, 7.8338, 19.3068), (33101, 1.0151, -17.2191, -17.5256),
        (33191, 2.0111, -12.0285, -14.8632), (33320, 0.9002, 6.6080, 18.5599), (33433, -0.8811, -17.2383, -19.3068)
    ]

    @Test func aTurnWhileRunningIsReportedWithinAStrideOfItsEnd() throws {
        var classifier = OrientationClassifier()
        let changes = classifier.process(Self.recorded.map { Sample(timeMs: $0.0, $0.1, $0.2, $0.3) })
        #expect(changes.map(\.orientation) == [.landscapeLeft, .portrait])
        let turned = try #require(changes.last)
        #expect(turned.timeUs / 1000 - 30_375 < 600, "portrait \(turned.timeUs / 1000 - 30_375) ms after the turn ended")
    }

    /// The screen's stride and step evidence likewise (`ScreenParameters.strideKeepsEvidenceMS2`).
    @Test func theScreenFollowsTheTurnWithinAStrideToo() throws {
        var classifier = OrientationClassifier()
        var rule = ScreenOrientationRule()
        let changes = rule.process(Self.recorded.map { Sample(timeMs: $0.0, $0.1, $0.2, $0.3) }, classifier: &classifier)
        #expect(changes.map(\.orientation) == [.landscapeLeft, .portrait])
        let turned = try #require(changes.last)
        #expect(turned.timeUs / 1000 - 30_375 < 600, "portrait \(turned.timeUs / 1000 - 30_375) ms after the turn ended")
    }
}
