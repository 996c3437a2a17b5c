/// Box-car average of the samples of the last `windowUs`: the gravity estimate while the
/// device is carried or shaken. A box-car over a whole stride cancels the periodic part of
/// walking far better than an exponential filter of the same delay.
///
/// It also keeps the average of the newest `stepWindowUs` of the same samples (the last step):
/// one buffer for both windows, since the step's samples are the stride's newest.
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
    private var stepCount = 0   // the newest `stepCount` samples are the step window's
    private var stepSum = Vector3.zero
    private var stepEvictionsSinceExactSum = 0

    let windowUs: Int64
    let stepWindowUs: Int64

    /// `stepWindowUs` no longer than `windowUs` (it is clamped to it).
    init(windowUs: Int64, stepWindowUs: Int64 = 0) {
        self.windowUs = windowUs
        self.stepWindowUs = min(stepWindowUs, windowUs)
    }

    mutating func reset() {
        head = 0
        count = 0
        sum = .zero
        evictionsSinceExactSum = 0
        stepCount = 0
        stepSum = .zero
        stepEvictionsSinceExactSum = 0
    }

    mutating func append(_ value: Vector3, at timeUs: Int64) {
        while stepCount > 0 && times[slot(fromNewest: stepCount - 1)] < timeUs - stepWindowUs {
            evictOldestOfStep()
        }
        while count > 0 && (count == Self.capacity || times[head] < timeUs - windowUs) {
            evictOldest()
        }
        let newest = (head + count) & Self.mask
        times[newest] = timeUs
        values[newest] = value
        count += 1
        sum = sum + value
        stepCount += 1
        stepSum = stepSum + value
    }

    /// Time covered by the samples held, in µs.
    func span(at timeUs: Int64) -> Int64 { count == 0 ? 0 : timeUs - times[head] }

    var mean: Vector3 { count == 0 ? .zero : sum * (1 / Double(count)) }

    /// Time covered by the step window's samples, in µs.
    func stepSpan(at timeUs: Int64) -> Int64 { stepCount == 0 ? 0 : timeUs - times[slot(fromNewest: stepCount - 1)] }

    /// The mean of the samples of the last `stepWindowUs`.
    var stepMean: Vector3 { stepCount == 0 ? .zero : stepSum * (1 / Double(stepCount)) }

    /// The mean of the samples taken at or after `startUs` and before `endUs`; nil when none.
    func mean(from startUs: Int64, before endUs: Int64) -> Vector3? {
        var n = 0, total = Vector3.zero
        for i in 0..<count {
            let index = slot(fromNewest: i)
            if times[index] < startUs { break }
            if times[index] < endUs {
                total = total + values[index]
                n += 1
            }
        }
        return n == 0 ? nil : total * (1 / Double(n))
    }

    /// The newest samples taken at or after `startUs`, but at least the newest `minimumCount`:
    /// their mean, and the largest distance of one of them from it (squared). nil when fewer
    /// than `minimumCount` samples are held.
    func recentSpread(since startUs: Int64, minimumCount: Int) -> (mean: Vector3, maxDistanceSquared: Double)? {
        guard count >= minimumCount else { return nil }
        var n = 0
        var total = Vector3.zero
        while n < count {
            let index = slot(fromNewest: n)
            if n >= minimumCount && times[index] < startUs { break }
            total = total + values[index]
            n += 1
        }
        let mean = total * (1 / Double(n))
        var worst = 0.0
        for i in 0..<n {
            let d = values[slot(fromNewest: i)] - mean
            worst = max(worst, d.dot(d))
        }
        return (mean, worst)
    }

    /// The buffer index of the sample `n` places before the newest.
    private func slot(fromNewest n: Int) -> Int { (head + count - 1 - n) & Self.mask }

    private mutating func evictOldest() {
        if stepCount == count { evictOldestOfStep() }
        sum = sum - values[head]
        head = (head + 1) & Self.mask
        count -= 1
        evictionsSinceExactSum += 1
        // A running sum drifts by rounding; recompute it now and then.
        if evictionsSinceExactSum >= Self.capacity {
            sum = exactSum(ofNewest: count)
            evictionsSinceExactSum = 0
        }
    }

    private mutating func evictOldestOfStep() {
        stepSum = stepSum - values[slot(fromNewest: stepCount - 1)]
        stepCount -= 1
        stepEvictionsSinceExactSum += 1
        if stepEvictionsSinceExactSum >= Self.capacity {
            stepSum = exactSum(ofNewest: stepCount)
            stepEvictionsSinceExactSum = 0
        }
    }

    private func exactSum(ofNewest n: Int) -> Vector3 {
        var exact = Vector3.zero
        for i in 0..<n { exact = exact + values[slot(fromNewest: i)] }
        return exact
    }
}
