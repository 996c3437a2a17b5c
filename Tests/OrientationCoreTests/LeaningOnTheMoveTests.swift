import Testing
import OrientationCore

/// The busy paths' step agreement for a device leaned back (`OrientationClassifier.stepAgrees`,
/// `leaning`): read while walking or running, a device leans back 30–45°, so its last step's
/// average lies 30–45° from the new edge-up axis however exactly the turn ended; it agrees once
/// it proposes that pose and points within `settledAxisDegrees` of it in the screen's plane.
/// (At 40° and more the stride average of a quarter turn passes nearer to faceUp, and the
/// step-led path waits for it as before.)
@Suite struct LeaningOnTheMoveTests {
    /// The device's delay after a 0.4 s quarter turn (ending at 4.4 s) while running, leaned
    /// back by `leanDegrees`.
    static func delayMs(rateHz: Double, leanDegrees: Double) -> Int64? {
        let samples = SettledOnTheMoveTests.running(rateHz: rateHz, untilMs: 8000, leanDegrees: leanDegrees) { t in
            90 * SettledOnTheMoveTests.minimumJerk((t - 4000) / 400)
        }
        let changes = classify(samples)
        guard changes.map(\.orientation) == [.portrait, .landscapeLeft], let change = changes.last else { return nil }
        return change.timeMs - 4400
    }

    @Test("a quarter turn while running leaned back 33° is reported within 150 ms of one leaned back 20°",
          arguments: [10.0, 50.0, 100.0])
    func leanedBack(rateHz: Double) throws {
        let upright = try #require(Self.delayMs(rateHz: rateHz, leanDegrees: 20))
        let leaned = try #require(Self.delayMs(rateHz: rateHz, leanDegrees: 33))
        // 3D agreement alone (30°) waited 280-1400 ms longer leaned back 33°.
        #expect(leaned <= upright + 150, "\(rateHz) Hz: \(leaned) ms leaned back, \(upright) ms upright")
    }
}
