import Testing
import OrientationCore

/// A 10 Hz runner's lateral sway turns single stance readings past the heading's 20° from the
/// pose's axis while the device stays put (`HeadingParameters.strayDegrees`): three or more
/// readings within 25°, whose mean direction is within 20°, answer for the device.
@Suite struct LateralSwayTests {
    /// `scripts/make-motion-traces.py --variant gait2 --seed 35`, move_run_10hz, 48.9–51.84 s:
    /// landscapeLeft, a quarter turn to portrait (51 033–51 493 ms) that ends off the axis:
    /// readings at −10°, −16°, −22° (51 337–51 525 ms), −20°. With 20° for each, the answer
    /// came at 51 836 ms, from the busy paths.
    static let offAxis: [(Int64, Double, Double, Double)] = [
        (48933, -10.4196, -5.1715, -5.5545), (49028, -8.2744, -2.7581, -7.9679), (49128, -19.1536, -1.0343, -3.6392),
        (49231, -11.4156, 1.6089, 0.3065), (49335, -10.7260, 2.7964, -5.7461), (49438, -7.9679, 0.6129, -4.3670),
        (49532, -7.9296, -2.4900, 1.1109), (49627, -10.4579, -5.4779, -1.9920), (49732, -9.0022, -4.6352, -7.6614),
        (49833, -7.0485, -2.0303, -5.5929), (49940, -8.8107, 0.0766, 0.9194), (50037, -12.0668, 1.5706, -2.9497),
        (50128, -10.1131, 1.7621, -6.3207), (50225, -6.2441, -0.4597, -1.6472), (50333, -10.1897, -5.3630, 0.5746),
        (50435, -8.9639, -5.0949, -7.2018), (50532, -7.3167, -2.2218, -5.5545), (50636, -8.8490, 0.3448, 0.6129),
        (50738, -12.1817, 1.9154, -2.8730), (50838, -10.1897, 2.3750, -6.7804), (50931, -7.2401, 0.7661, -3.6009),
        (51030, -8.5808, -2.5666, 1.8771), (51137, -10.7643, -5.9376, -3.0646), (51234, -6.3207, -7.4316, -7.4699),
        (51337, -1.1875, -6.5888, -3.8307), (51428, -2.6049, -8.9639, 1.4174), (51525, -4.4819, -11.1091, -3.0263),
        (51637, -3.4093, -9.4236, -6.2441), (51735, -0.3065, -5.2864, -0.3831), (51836, 2.7964, -11.2623, 0.4214)
    ]

    @Test func threeReadingsSwayedPastTheAxisAnswerAQuarterTurn() throws {
        var eachWithin20 = ClassifierParameters()
        eachWithin20.heading.strayDegrees = eachWithin20.heading.axisDegrees
        for (parameters, withRule) in [(ClassifierParameters.default, true), (eachWithin20, false)] {
            var classifier = OrientationClassifier(parameters: parameters)
            let changes = classifier.process(Self.offAxis.map { Sample(timeMs: $0.0, $0.1, $0.2, $0.3) })
            let turned = try #require(changes.first { $0.orientation == .portrait })
            let late = turned.timeUs / 1000 - 51_493
            #expect(changes.last?.orientation == .portrait)
            #expect(withRule ? late <= 100 : late > 300, "with the rule \(withRule): \(late) ms after the turn")
        }
    }
}
