/// Whether the raw gravity direction has stayed within a small angle of where it is now for a
/// while: the device is still, not merely turning slowly. Raw, not smoothed: a smoothed
/// direction would still be converging for tens of milliseconds after a turn stops, and a
/// stillness seen in raw readings needs no such lag.
///
/// Against glances: a glance reverses with angular acceleration α, so its direction stays
/// within δ of any one point for at most √(8·δ/α) (both ends of the window at one level, the
/// turning point between them; `ScreenParameters.stillMs` gives the numbers). Samples only make
/// it stricter: the newest one at or before the window's start is checked too.
///
/// Slow streams: two samples straddling a glance's turning point symmetrically agree however
/// far the glance went between them (10 Hz: 100 ms apart, each 50 ms from the turning point),
/// so the window always holds at least two earlier samples besides the newest
/// (`ScreenParameters.stillMinimumSamples`): a third one cannot also agree, 100 ms from the
/// turning point a glance reversing at 1 000°/s² is ½·α·t² = 5° away.
///
/// Pure: time comes with the samples. Bounded: at most `capacity` directions are kept; when a
/// stream is so fast that the window needs more, the oldest go and the window is not still.
struct StillWindow {
    private let spanUs: Int64
    private let cosLimit: Double
    private let capacity: Int
    private let minimumEarlier: Int
    private var times: [Int64] = []
    private var units: [Vector3] = []
    /// The last sample appended, and every one back to the newest at or before `spanUs` before
    /// it, lie within the angle of it.
    private(set) var isStill = false

    init(spanUs: Int64, cosLimit: Double, minimumSamples: Int = 3, capacity: Int = 256) {
        self.spanUs = spanUs
        self.cosLimit = cosLimit
        self.minimumEarlier = max(1, minimumSamples - 1)
        self.capacity = capacity
        times.reserveCapacity(capacity)
        units.reserveCapacity(capacity)
    }

    mutating func reset() {
        times.removeAll(keepingCapacity: true)
        units.removeAll(keepingCapacity: true)
        isStill = false
    }

    /// Feeds one reading (finite, non-zero), in time order.
    mutating func append(_ g: Vector3, at t: Int64) {
        let u = g * (1 / g.magnitude)
        // Keep the newest direction at or before the window's start, everything after it, and
        // at least `minimumEarlier` directions.
        var drop = 0
        while times.count - drop > minimumEarlier, times[drop + 1] <= t - spanUs { drop += 1 }
        if times.count - drop >= capacity { drop = times.count - capacity + 1 }
        if drop > 0 {
            times.removeFirst(drop)
            units.removeFirst(drop)
        }
        isStill = false
        if times.count >= minimumEarlier, let first = times.first, first <= t - spanUs {
            isStill = true
            for v in units where v.dot(u) < cosLimit {
                isStill = false
                break
            }
        }
        times.append(t)
        units.append(u)
    }
}
