import OrientationCore
import Testing

@Suite struct SampleGateTests {
    @Test(arguments: [Double.nan, .infinity, -.infinity, 1.7e308, -1.7e308, 400 * 9.80665 + 1])
    func readingsThatAreNotReadingsAreRefusedAndCounted(_ bad: Double) {
        var gate = SampleGate()
        for axis in 0..<3 {
            var g = Vector3(0, -9.81, 0)
            if axis == 0 { g.x = bad } else if axis == 1 { g.y = bad } else { g.z = bad }
            let admitted = gate.admit(Sample(timeUs: Int64(axis), gravity: g))
            #expect(!admitted)
        }
        #expect(gate.rejected == 3)
    }

    @Test func readingsOfRealAccelerometersPass() {
        var gate = SampleGate()
        for g in [Vector3(0, -9.81, 0), Vector3(0, 0, 0), Vector3(156.9, -156.9, 156.9), Vector3(3922.6, 0, -3922.6)] {
            let admitted = gate.admit(Sample(timeUs: 0, gravity: g))
            #expect(admitted)
        }
        #expect(gate.rejected == 0)
    }

    /// 5 s of x alternating between ±1.7e308 m/s² at 100 Hz, then the device held upside down:
    /// behind the gate the classifier follows the valid pose within a second.
    @Test func afterGarbageStopsAValidPoseIsFollowedWithinASecond() {
        var gate = SampleGate()
        var classifier = OrientationClassifier()
        var t: Int64 = 0
        var reported: [(Int64, Orientation)] = []
        func feed(_ g: Vector3) {
            let sample = Sample(timeUs: t, gravity: g)
            if gate.admit(sample), let change = classifier.process(sample) { reported.append((t, change)) }
            t += 10_000
        }
        for _ in 0..<100 { feed(Vector3(0, -9.81, 0)) }
        for i in 0..<500 { feed(Vector3(i % 2 == 0 ? 1.7e308 : -1.7e308, -9.81, 0)) }
        let garbageEnded = t
        for _ in 0..<300 { feed(Vector3(0, 9.81, 0)) }
        #expect(gate.rejected == 500)
        let upsideDown = reported.first { $0.1 == .portraitUpsideDown }
        #expect(upsideDown != nil)
        #expect((upsideDown?.0 ?? .max) - garbageEnded <= 1_000_000)
    }
}
