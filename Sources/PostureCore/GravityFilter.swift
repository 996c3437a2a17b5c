import OrientationCore

/// One half's gravity estimate (docs/posture.md, "When the angle cannot be measured"): a sample
/// whose magnitude is not gravity's is left out and marks the half unusable until the next good
/// one; the others go through a short median (a set-down's pulse, a knock) and a low-pass (chip
/// noise). The filters start afresh after a gap (`filterRestartMs`) or when the tracker says so
/// (a jump in either half, `filterJumpMS2`).
struct GravityFilter: Sendable {
    /// The most samples the median looks at: 50 ms at 160 Hz. Odd, so there is one middle.
    static let capacity = 9

    /// The median of the recent good samples; the low-pass follows it.
    private(set) var median = Vector3.zero
    /// The low-passed gravity estimate.
    private(set) var filtered = Vector3.zero
    /// The latest sample (good or not) was gravity-like; false before the first one.
    private(set) var usable = false
    /// Time of the latest sample, good or not (pairing), µs.
    private(set) var latestUs: Int64?

    private var times: [Int64] = []
    private var values: [Vector3] = []
    private var scratch: [Double] = []
    private let windowUs: Int64
    private let maxSpanUs: Int64
    private let restartUs: Int64
    private let minimumSamples: Int
    private let timeConstantMs: Double
    private let low: Double
    private let high: Double

    init(parameters p: PostureParameters) {
        windowUs = Int64(p.medianWindowMs * 1000)
        maxSpanUs = Int64(p.medianMaxSpanMs * 1000)
        restartUs = Int64(p.filterRestartMs * 1000)
        minimumSamples = max(1, p.medianMinimumSamples)
        timeConstantMs = p.smoothingTimeConstantMs
        low = p.sampleMagnitudeLowMS2
        high = p.sampleMagnitudeHighMS2
        times.reserveCapacity(Self.capacity + 1)
        values.reserveCapacity(Self.capacity + 1)
        scratch.reserveCapacity(Self.capacity)
    }

    /// Takes one sample. Returns how far the new median lies from the low-pass value before
    /// this sample (m/s²; 0 after a restart), or nil when the sample was left out.
    mutating func add(_ sample: Sample) -> Double? {
        let t = sample.timeUs
        latestUs = t
        let m = sample.gravity.magnitude
        guard m >= low, m <= high else {
            usable = false
            return nil
        }
        usable = true
        if let last = times.last, t > last, t - last <= restartUs {
            append(t, sample.gravity)
            median = middle(at: t)
            let dtMs = Double(t - last) / 1000
            let jump = (median - filtered).magnitude
            filtered = filtered + (median - filtered) * (dtMs / (timeConstantMs + dtMs))
            return jump
        }
        // The first sample, one after a gap, or time going backwards: start afresh.
        times.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        append(t, sample.gravity)
        median = sample.gravity
        filtered = sample.gravity
        return 0
    }

    /// The low-pass starts again from the median (the device or the hinge moved).
    mutating func restartLowPass() {
        filtered = median
    }

    private mutating func append(_ t: Int64, _ v: Vector3) {
        times.append(t)
        values.append(v)
        if times.count > Self.capacity {
            times.removeFirst()
            values.removeFirst()
        }
    }

    /// Per-axis median of the samples within `windowUs` of `t`, or of the last
    /// `minimumSamples` within `maxSpanUs` when the window holds fewer; an odd count (the
    /// oldest dropped), so the median is a sample's value, never an average across a step.
    private mutating func middle(at t: Int64) -> Vector3 {
        let n = times.count
        var first = n - 1
        while first > 0 && t - times[first - 1] <= windowUs { first -= 1 }
        if n - first < minimumSamples {
            first = max(0, n - minimumSamples)
            while t - times[first] > maxSpanUs { first += 1 }
        }
        if (n - first) % 2 == 0 { first += 1 }
        if n - first == 1 { return values[n - 1] }
        return Vector3(axisMedian(first, 0), axisMedian(first, 1), axisMedian(first, 2))
    }

    /// The median of one axis (0: x, 1: y, 2: z): an insertion sort of at most `capacity`
    /// values, without allocating.
    private mutating func axisMedian(_ first: Int, _ axis: Int) -> Double {
        scratch.removeAll(keepingCapacity: true)
        for i in first..<values.count {
            let v = values[i]
            let x = axis == 0 ? v.x : axis == 1 ? v.y : v.z
            var j = scratch.count
            scratch.append(x)
            while j > 0 && scratch[j - 1] > x {
                scratch[j] = scratch[j - 1]
                j -= 1
            }
            scratch[j] = x
        }
        return scratch[scratch.count / 2]
    }
}
