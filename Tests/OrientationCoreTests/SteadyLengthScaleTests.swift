import OrientationCore
import Testing

/// docs/sensor-inputs.md, "No scale, or a wrong one": a steady reading is gravity.
@Suite struct SteadyLengthScaleTests {
    static let g = 9.80665

    @Test func unknownScaleHoldsReadingsUntilSteadyThenGivesG() {
        var s = SteadyLengthScale(scaleKnown: false)
        let raw = Vector3(0, -256, 0)
        #expect(s.scale(raw).reading == nil)
        #expect(s.scale(raw).reading == nil)
        let third = s.scale(raw)
        #expect(third.found)
        let scaled = third.reading!
        #expect(abs(scaled.magnitude - Self.g) < 1e-9 && scaled.y < 0)
        #expect(s.foundLength == 256)
    }

    @Test func movingReadingsDoNotSetTheScale() {
        var s = SteadyLengthScale(scaleKnown: false)
        for i in 0..<10 { #expect(s.scale(Vector3(Double(i * 40), -256, 0)).reading == nil) }
    }

    @Test func aPlausibleStatedScaleIsKept() {
        var s = SteadyLengthScale(scaleKnown: true)
        for _ in 0..<5 {
            let r = s.scale(Vector3(0, -9.0, 0))
            #expect(!r.found && r.reading == Vector3(0, -9.0, 0))
        }
    }

    @Test(arguments: [26 * 9.80665, 1.0])
    func aWrongStatedScaleIsCorrectedBySteadyReadings(_ length: Double) {
        var s = SteadyLengthScale(scaleKnown: true)
        // Passed on as stated until steady readings contradict it.
        #expect(s.scale(Vector3(length, 0, 0)).reading == Vector3(length, 0, 0))
        _ = s.scale(Vector3(length, 0, 0))
        let r = s.scale(Vector3(length, 0, 0))
        #expect(r.found && abs(r.reading!.x - Self.g) < 1e-9)
        #expect(!s.trustsStatedScale)
        // A new pose at the same length keeps the factor.
        _ = s.scale(Vector3(0, 0, -length))
        _ = s.scale(Vector3(0, 0, -length))
        #expect(!s.scale(Vector3(0, 0, -length)).found)
    }

    @Test func oneShotWithNothingFoundTakesTheReadingAsG() {
        let s = SteadyLengthScale(scaleKnown: false)
        #expect(abs(s.scaleOneShot(Vector3(0, 0, 1000))!.z - Self.g) < 1e-9)
        #expect(s.scaleOneShot(Vector3(0, 0, 0)) == nil)
    }
}
