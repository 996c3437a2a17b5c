import Testing
@testable import OrientationCore

/// The step average kept in the stride average's buffer (`StrideAverage.stepMean`) is the mean
/// of the samples of the last `stepWindowUs`, whatever the sample rate, across a reset and when
/// the buffer is full.
@Suite struct StrideAverageTests {
    /// Reference: the mean and span of the samples no older than `windowUs`, at most `limit` of them.
    static func reference(_ samples: [(Int64, Vector3)], windowUs: Int64, limit: Int) -> (Vector3, Int64) {
        let t = samples.last!.0
        let inside = samples.filter { $0.0 >= t - windowUs }.suffix(limit)
        let sum = inside.reduce(Vector3.zero) { $0 + $1.1 }
        return (sum * (1 / Double(inside.count)), t - inside.first!.0)
    }

    @Test("the step window's mean and span are those of its own samples",
          arguments: [100_000, 20_000, 10_000, 400])  // 10 Hz, 50 Hz, 100 Hz, 2.5 kHz (buffer full)
    func stepWindow(periodUs: Int64) {
        var average = StrideAverage(windowUs: 875_000, stepWindowUs: 350_000)
        var fed: [(Int64, Vector3)] = []
        for k in 0..<3000 {
            let t = Int64(k) * periodUs + Int64(k % 7) * periodUs / 10
            let v = Vector3(Double(k % 13), Double(k % 5) - 2, Double(k % 3))
            if k == 1500 {
                average.reset()
                fed.removeAll()
            }
            average.append(v, at: t)
            fed.append((t, v))
            let stride = Self.reference(fed, windowUs: 875_000, limit: StrideAverage.capacity)
            let step = Self.reference(fed, windowUs: 350_000, limit: StrideAverage.capacity)
            #expect((average.mean - stride.0).magnitude < 1e-9)
            #expect(average.span(at: t) == stride.1)
            #expect((average.stepMean - step.0).magnitude < 1e-9)
            #expect(average.stepSpan(at: t) == step.1)
        }
    }
}
