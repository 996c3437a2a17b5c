/// How the device turns now, from the gravity direction alone: the smoothed direction, its
/// turning speed, and since when it has turned slower than the hold and the steady speeds.
/// The hold looks only at the direction in the screen's plane, the one thing that decides
/// which edge is up: a hand settling how far it leans the device back does not delay it, as
/// long as it does so slower than `holdLeanDegreesPerSecond`.
///
/// A deliberate turn decelerates into a hold: angular velocity and acceleration both fade
/// while hand tremor stays. A glance reverses: its velocity passes zero with the acceleration
/// at its largest, so it stays below a speed ω only for 2·ω/α. How long the speed has stayed
/// low therefore measures the acceleration too (`ScreenParameters.holdMs`).
///
/// Pure: time comes with the samples.
struct HoldDetector {
    private let smoothingMs: Double
    private let intervalUs: Int64
    private let restartUs: Int64
    private let holdRadiansPerUs: Double
    private let steadyRadiansPerUs: Double
    private let leanRadiansPerUs: Double

    private(set) var started = false
    private(set) var smoothed = Vector3.zero
    private var lastTimeUs: Int64 = 0
    /// Unit smoothed directions of the last speed interval (and the newest one older than
    /// that), oldest first.
    private var recent: [Direction] = []
    /// Start of the current run of turning slower than the hold speed, or nil.
    private(set) var holdSinceUs: Int64?
    /// Start of the current run of turning slower than the steady speed.
    private(set) var steadySinceUs: Int64 = 0
    /// When the measurement last restarted (first sample, or the first after a gap).
    private(set) var restartedUs: Int64 = 0
    /// The current hold run began with the first speed measured after the restart: it counts
    /// from the restart's sample, once it spans `restartHoldSpanUs` over two measurements or
    /// more (`heldUs`).
    private var holdFromRestart = false
    private var holdMeasurements = 0
    private let restartHoldSpanUs: Int64
    /// No hold is measured before this long after a restart (`ScreenParameters.restartSettleTimeConstants`).
    private let settleUs: Int64

    /// `smoothingMs` replaces `p.smoothingTimeConstantMs` (the vibration-smoothed detector,
    /// `ScreenParameters.vibrationSmoothingTimeConstantMs`).
    init(parameters p: ScreenParameters, smoothingMs: Double? = nil) {
        self.smoothingMs = smoothingMs ?? p.smoothingTimeConstantMs
        intervalUs = Int64(p.speedIntervalMs * 1000)
        restartHoldSpanUs = Int64(p.restartHoldSpanIntervals) * intervalUs
        settleUs = Int64(p.restartSettleTimeConstants * self.smoothingMs * 1000)
        restartUs = Int64(p.gapRestartMs * 1000)
        holdRadiansPerUs = p.holdDegreesPerSecond * .pi / 180 / 1e6
        steadyRadiansPerUs = p.steadyDegreesPerSecond * .pi / 180 / 1e6
        leanRadiansPerUs = p.holdLeanDegreesPerSecond * .pi / 180 / 1e6
    }

    /// Feeds one reading (finite, non-zero). Returns true when the measurement restarted: the
    /// first sample, a pause longer than `gapRestartMs`, or time going backwards.
    @discardableResult
    mutating func track(_ g: Vector3, at t: Int64) -> Bool {
        var restarted = false
        if started, t >= lastTimeUs, t - lastTimeUs <= restartUs {
            let dtMs = Double(t - lastTimeUs) / 1000
            smoothed = smoothed + (g - smoothed) * (dtMs / (smoothingMs + dtMs))
        } else {
            started = true
            restarted = true
            smoothed = g
            recent.removeAll(keepingCapacity: true)
            steadySinceUs = t
            holdSinceUs = nil
            holdFromRestart = false
            restartedUs = t
        }
        lastTimeUs = t
        let now = Direction(timeUs: t, smoothed)

        // Keep the newest direction at least two intervals old, and everything after it.
        var drop = 0
        while recent.count - drop >= 2, t - recent[drop + 1].timeUs >= intervalUs { drop += 1 }
        recent.removeFirst(drop)

        if let r1 = reference(olderThan: t - intervalUs) {
            let dt = Double(t - r1.timeUs)
            let speed = Self.angle(now.unit, r1.unit) / dt
            if speed > steadyRadiansPerUs { steadySinceUs = t }
            let planarSpeed = Self.angle(now.planar, r1.planar) / dt
            if t - restartedUs < settleUs || now.planar == .zero || r1.planar == .zero
                || planarSpeed > holdRadiansPerUs || speed > leanRadiansPerUs {
                holdSinceUs = nil
            } else if holdSinceUs == nil {
                // The first speed measured since the restart covers the time from its sample.
                holdFromRestart = r1.timeUs == restartedUs
                holdSinceUs = holdFromRestart ? restartedUs : t
                holdMeasurements = 1
            } else {
                holdMeasurements += 1
            }
        } else {
            holdSinceUs = nil
        }
        recent.append(now)
        return restarted
    }

    /// How long the device has held (velocity and acceleration small), in µs; 0 if it does not.
    /// A run from the restart counts only once it spans `ScreenParameters.restartHoldSpanIntervals`
    /// speed intervals, measured twice or more.
    func heldUs(at t: Int64) -> Int64 {
        guard let since = holdSinceUs else { return 0 }
        return holdFromRestart && (t - since < restartHoldSpanUs || holdMeasurements < 2) ? 0 : t - since
    }

    /// How long the device has turned slower than the steady speed, in µs.
    func steadyUs(at t: Int64) -> Int64 { t - steadySinceUs }

    /// The newest stored direction taken at or before `limit`.
    private func reference(olderThan limit: Int64) -> Direction? {
        var found: Direction?
        for entry in recent {
            if entry.timeUs <= limit { found = entry } else { break }
        }
        return found
    }

    /// A smoothed direction: as a unit vector, and in the screen's plane (x, y; zero when the
    /// device lies flat, where no edge is up).
    private struct Direction {
        var timeUs: Int64
        var unit: Vector3
        var planar: Vector3

        init(timeUs: Int64, _ v: Vector3) {
            self.timeUs = timeUs
            let length = v.magnitude
            unit = length > 0 ? v * (1 / length) : .zero
            let planarLength = (v.x * v.x + v.y * v.y).squareRoot()
            planar = planarLength > 0.2 * length ? Vector3(v.x / planarLength, v.y / planarLength, 0) : .zero
        }
    }

    static func angle(_ a: Vector3, _ b: Vector3) -> Double {
        let lengths = a.magnitude * b.magnitude
        guard lengths > 0 else { return 0 }
        return acosApproximation(min(1, max(-1, a.dot(b) / lengths)))
    }
}
