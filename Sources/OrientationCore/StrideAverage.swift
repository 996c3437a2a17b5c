/// Box-car average of the samples of the last `windowUs`: the gravity estimate while the
/// device is carried or shaken. A box-car over a whole stride cancels the periodic part of
/// walking far better than an exponential filter of the same delay.
struct StrideAverage {
    /// 1 s at 1 kHz, the fastest IIO accelerometer rate in common use. At higher rates the
    /// window shortens to the newest `capacity` samples.
    static let capacity = 1024
    private static let mask = capacity - 1  // capacity is a power of two

    private var times = [Int64](repeating: 0, count: capacity)
    private var values = [Vector3](repeating: .zero, count: capacity)
    private var head = 0   // index of the oldest sample
    private var count = 0
    private var sum = Vector3.zero
    private var evictionsSinceExactSum = 0

    let windowUs: Int64

    init(windowUs: Int64) { self.windowUs = windowUs }

    mutating func reset() {
        head = 0
        count = 0
        sum = .zero
        evictionsSinceExactSum = 0
    }

    mutating func append(_ value: Vector3, at timeUs: Int64) {
        while count > 0 && (count == Self.capacity || times[head] < timeUs - windowUs) {
            evictOldest()
        }
        let slot = (head + count) & Self.mask
        times[slot] = timeUs
        values[slot] = value
        count += 1
        sum = sum + value
    }

    /// Time covered by the samples held, in µs.
    func span(at timeUs: Int64) -> Int64 { count == 0 ? 0 : timeUs - times[head] }

    var mean: Vector3 { count == 0 ? .zero : sum * (1 / Double(count)) }

    /// The newest samples taken at or after `startUs`, but at least the newest `minimumCount`:
    /// their mean, and the largest distance of one of them from it (squared). nil when fewer
    /// than `minimumCount` samples are held.
    func recentSpread(since startUs: Int64, minimumCount: Int) -> (mean: Vector3, maxDistanceSquared: Double)? {
        guard count >= minimumCount else { return nil }
        var n = 0
        var total = Vector3.zero
        while n < count {
            let slot = (head + count - 1 - n) & Self.mask
            if n >= minimumCount && times[slot] < startUs { break }
            total = total + values[slot]
            n += 1
        }
        let mean = total * (1 / Double(n))
        var worst = 0.0
        for i in 0..<n {
            let d = values[(head + count - 1 - i) & Self.mask] - mean
            worst = max(worst, d.dot(d))
        }
        return (mean, worst)
    }

    private mutating func evictOldest() {
        sum = sum - values[head]
        head = (head + 1) & Self.mask
        count -= 1
        evictionsSinceExactSum += 1
        // A running sum drifts by rounding; recompute it now and then.
        if evictionsSinceExactSum >= Self.capacity { recomputeSum() }
    }

    private mutating func recomputeSum() {
        var exact = Vector3.zero
        for i in 0..<count { exact = exact + values[(head + i) & Self.mask] }
        sum = exact
        evictionsSinceExactSum = 0
    }
}
