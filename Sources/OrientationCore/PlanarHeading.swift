/// Which edge is up, from the direction of single strong readings in the screen's plane
/// (`HeadingParameters` gives the physics): the answer on the move without a stride's delay.
///
/// It keeps the in-plane direction of every reading whose in-plane part is long enough; the
/// heading is steady when those of the last `windowMs` are enough, all point near one edge-up
/// pose's axis and lie close together. Weaker readings are kept as witnesses: one pointing near
/// the axis too saw the device there, so it does not count as a flight. It also notes which edge-up pose each reading of
/// `turnEvidenceMS2` or more pointed nearest last, so that a half turn can be told from a
/// swing through zero (`turnedAway(from:)`). The two newest strong readings with only weaker
/// ones between them pair up to `stepPairMs` apart (a 10 Hz runner's flight between two
/// stances). Pure: no clock, no I/O.
struct PlanarHeading: Sendable {
    /// 64 readings cover the window at up to 320 Hz; faster streams keep their newest 64.
    static let capacity = 64
    private static let mask = capacity - 1  // capacity is a power of two

    private var times = [Int64](repeating: 0, count: capacity)
    private var xs = [Double](repeating: 0, count: capacity)  // unit direction in the plane
    private var ys = [Double](repeating: 0, count: capacity)
    private var strong = [Bool](repeating: false, count: capacity)  // else a witness
    private var next = 0
    private var count = 0
    private var lastWeakUs = Int64.min
    /// When a reading of `turnEvidenceMS2` or more last pointed nearest each edge-up pose
    /// (`edgeIndex` order).
    private var lastNearestUs = [Int64](repeating: .min, count: 4)
    /// When the last `turnBackReadings`-th evidence reading in a row pointed nearest each pose.
    private var lastHeldUs = [Int64](repeating: .min, count: 4)
    private var evidenceEdge = -1
    private var evidenceRun = 0

    private let windowUs: Int64
    private let minimumSpanUs: Int64
    private let interruptedSpanUs: Int64
    private let stepPairUs: Int64
    private let slowAfterFlightRadiansPerUs: Double
    private let minimumCount: Int
    private let minimumPlanarSquared: Double
    private let witnessPlanarSquared: Double
    private let opposedLeanRatioSquared: Double
    private let turnEvidenceSquared: Double
    private let turnBackReadings: Int
    private let axisCos: Double
    private let strayCos: Double
    private let spreadRadians: Double
    private let swayWindowUs: Int64
    private let swaySpanUs: Int64
    private let swayRadians: Double
    private let swayReturnRadians: Double

    init(parameters: HeadingParameters) {
        windowUs = Int64(parameters.windowMs * 1000)
        minimumSpanUs = Int64(parameters.minimumSpanMs * 1000)
        interruptedSpanUs = Int64(parameters.interruptedSpanMs * 1000)
        stepPairUs = Int64(parameters.stepPairMs * 1000)
        slowAfterFlightRadiansPerUs = parameters.slowAfterFlightDegreesPerSecond * .pi / 180 / 1_000_000
        minimumCount = max(1, parameters.minimumCount)
        minimumPlanarSquared = parameters.minimumPlanarMS2 * parameters.minimumPlanarMS2
        witnessPlanarSquared = parameters.witnessPlanarMS2 * parameters.witnessPlanarMS2
        opposedLeanRatioSquared = parameters.opposedLeanRatio * parameters.opposedLeanRatio
        turnEvidenceSquared = parameters.turnEvidenceMS2 * parameters.turnEvidenceMS2
        turnBackReadings = max(1, parameters.turnBackReadings)
        axisCos = cosineApproximation(parameters.axisDegrees * .pi / 180)
        strayCos = cosineApproximation(max(parameters.axisDegrees, parameters.strayDegrees) * .pi / 180)
        spreadRadians = parameters.spreadDegrees * .pi / 180
        swayWindowUs = Int64(parameters.swayWindowMs * 1000)
        swaySpanUs = Int64(parameters.swaySpanMs * 1000)
        swayRadians = parameters.swayDegrees * .pi / 180
        swayReturnRadians = parameters.swayReturnDegrees * .pi / 180
    }

    mutating func reset() {
        count = 0
        lastWeakUs = .min
        for i in lastNearestUs.indices {
            lastNearestUs[i] = .min
            lastHeldUs[i] = .min
        }
        evidenceEdge = -1
        evidenceRun = 0
    }

    /// Keeps `g`'s direction in the screen's plane when its in-plane part is long enough (a
    /// witness from `witnessPlanarMS2`, a strong reading from `minimumPlanarMS2`); a shorter one
    /// is a flight. `leanZ` is the device's lean toward the screen's normal (the stride average's
    /// z): a reading whose z points the other way and further, unless it stays within
    /// `opposedLeanRatio` of the plane, may be a swing that reversed its in-plane part: it says nothing.
    mutating func append(_ g: Vector3, at timeUs: Int64, leanZ: Double) {
        let planarSquared = g.x * g.x + g.y * g.y
        guard planarSquared.isFinite, g.z * leanZ >= 0 || abs(g.z) <= abs(leanZ)
            || g.z * g.z <= opposedLeanRatioSquared * planarSquared else { return }
        if planarSquared >= turnEvidenceSquared { noteEvidence(Self.edgeIndex(Self.nearestEdge(x: g.x, y: g.y)), at: timeUs) }
        guard planarSquared >= witnessPlanarSquared else {
            lastWeakUs = timeUs
            return
        }
        strong[next] = planarSquared >= minimumPlanarSquared
        let length = planarSquared.squareRoot()
        times[next] = timeUs
        xs[next] = g.x / length
        ys[next] = g.y / length
        next = (next + 1) & Self.mask
        count = min(count + 1, Self.capacity)
    }

    /// A reading of `turnEvidenceMS2` or more has pointed nearest a side pose of `pose` (90°
    /// from it) since `turnBackReadings` in a row last pointed nearest `pose`: the heading turned
    /// through the plane, as a hand turns a device, rather than shrinking through zero and growing
    /// back the other way, as an arm swinging a watch to and fro makes it.
    func turnedAway(from pose: Orientation) -> Bool {
        let i = Self.edgeIndex(pose)
        return max(lastNearestUs[(i + 1) & 3], lastNearestUs[(i + 3) & 3]) > lastHeldUs[i]
    }

    /// A reading of `turnEvidenceMS2` or more pointed nearest `edge`: it is the side evidence at
    /// once, and shows the device back at that pose once `turnBackReadings` such readings in a row did.
    private mutating func noteEvidence(_ edge: Int, at timeUs: Int64) {
        evidenceRun = edge == evidenceEdge ? evidenceRun + 1 : 1
        evidenceEdge = edge
        lastNearestUs[edge] = timeUs
        if evidenceRun >= turnBackReadings { lastHeldUs[edge] = timeUs }
    }

    /// portrait, landscapeRight, portraitUpsideDown, landscapeLeft: a quarter turn apart.
    private static func edgeIndex(_ pose: Orientation) -> Int {
        switch pose {
        case .landscapeRight: return 1
        case .portraitUpsideDown: return 2
        case .landscapeLeft: return 3
        default: return 0
        }
    }

    /// The edge-up pose the strong readings of the last `windowMs` agree on, and their mean
    /// direction scaled to g; nil when they are too few, too close in time, apart or between two
    /// poses. A flight, or a witness pointing off the pose's axis, asks the longer span, unless
    /// none came after the newest strong reading and the strong ones turn slower than
    /// `slowAfterFlightDegreesPerSecond`. The window reaches back to the strong reading before
    /// the newest when they are more than `windowMs` but at most `stepPairMs` apart. One of the
    /// last `windowMs` may stray to `strayDegrees` from the axis when more than `minimumCount`
    /// agree and their mean direction stays within `axisDegrees`. Failing that, the pose a
    /// runner's sway turns the readings to and fro about (`swayingPose`).
    func steadyPose(at timeUs: Int64) -> (pose: Orientation, direction: Vector3)? {
        stoppedPose(at: timeUs) ?? swayingPose(at: timeUs)
    }

    private func stoppedPose(at timeUs: Int64) -> (pose: Orientation, direction: Vector3)? {
        guard count >= minimumCount else { return nil }
        let k = strongIndex(from: 0)
        guard k < count else { return nil }
        let newest = (next - 1 - k) & Self.mask
        guard timeUs - times[newest] <= windowUs else { return nil }
        let pose = Self.nearestEdge(x: xs[newest], y: ys[newest])
        guard let axis = pose.gravityAxis else { return nil }
        var reachUs = windowUs
        let before = strongIndex(from: k + 1)
        if before < count {
            let apart = times[newest] - times[(next - 1 - before) & Self.mask]
            if apart > windowUs, apart <= stepPairUs { reachUs = timeUs - times[(next - 1 - before) & Self.mask] }
        }
        var n = 0, sumX = 0.0, sumY = 0.0, lowest = 0.0, highest = 0.0, oldestUs = times[newest]
        var interrupted = lastWeakUs >= timeUs - windowUs, flightAfter = lastWeakUs > times[newest], stray = false
        for j in 0..<count {
            let i = (next - 1 - j) & Self.mask
            if timeUs - times[i] > reachUs { break }
            let x = xs[i], y = ys[i]
            let onAxis = x * axis.x + y * axis.y >= axisCos
            guard strong[i] else {
                if !onAxis {
                    interrupted = true
                    if j < k { flightAfter = true }
                }
                continue
            }
            if !onAxis { stray = true }
            guard onAxis || timeUs - times[i] <= windowUs && x * axis.x + y * axis.y >= strayCos else { return nil }
            // Signed angle from the newest reading.
            let cross = xs[newest] * y - ys[newest] * x
            let angle = acosApproximation(min(1, max(-1, xs[newest] * x + ys[newest] * y)))
            let signed = cross < 0 ? -angle : angle
            lowest = min(lowest, signed)
            highest = max(highest, signed)
            sumX += x
            sumY += y
            oldestUs = times[i]
            n += 1
        }
        let span = times[newest] - oldestUs
        if interrupted, !flightAfter, slowAfterFlightRadiansPerUs > 0,
           highest - lowest <= slowAfterFlightRadiansPerUs * Double(span) { interrupted = false }
        guard n >= minimumCount, span >= (interrupted ? interruptedSpanUs : minimumSpanUs),
              highest - lowest <= spreadRadians else { return nil }
        let length = (sumX * sumX + sumY * sumY).squareRoot()
        guard !stray || n > minimumCount && sumX * axis.x + sumY * axis.y >= axisCos * length else { return nil }
        let scale = standardGravity / length
        return (pose, Vector3(sumX * scale, sumY * scale, 0))
    }

    /// The edge-up pose the strong readings of the last `swayWindowMs` sway about
    /// (`HeadingParameters.swayWindowMs`): they span `swaySpanMs`, each lies within `swayDegrees`
    /// of its axis, their mean within `axisDegrees`, and the newest came back by
    /// `swayReturnDegrees` from the farthest, which is neither the newest nor the oldest.
    private func swayingPose(at timeUs: Int64) -> (pose: Orientation, direction: Vector3)? {
        guard swayWindowUs > 0 else { return nil }
        var n = 0, sumX = 0.0, sumY = 0.0, newestUs = Int64.min, oldestUs = Int64.min
        forEachStrong(within: swayWindowUs, at: timeUs) { i in
            if n == 0 { newestUs = times[i] }
            oldestUs = times[i]
            sumX += xs[i]
            sumY += ys[i]
            n += 1
            return true
        }
        guard n >= 3, newestUs - oldestUs >= swaySpanUs, timeUs - newestUs <= windowUs else { return nil }
        let length = (sumX * sumX + sumY * sumY).squareRoot()
        let pose = Self.nearestEdge(x: sumX, y: sumY)
        guard let axis = pose.gravityAxis, sumX * axis.x + sumY * axis.y >= axisCos * length else { return nil }
        var newest = 0.0, farthest = 0.0, farthestAt = 0, seen = 0
        let inside = forEachStrong(within: swayWindowUs, at: timeUs) { i in
            let off = signedAngle(of: i, from: axis)
            guard abs(off) <= swayRadians else { return false }
            if seen == 0 { newest = off }
            if abs(off) > abs(farthest) {
                farthest = off
                farthestAt = seen
            }
            seen += 1
            return true
        }
        guard inside, farthestAt > 0, farthestAt < n - 1,
              (farthest > 0 ? farthest - newest : newest - farthest) >= swayReturnRadians else { return nil }
        let scale = standardGravity / length
        return (pose, Vector3(sumX * scale, sumY * scale, 0))
    }

    /// Calls `body` with the buffer index of each strong reading of the last `spanUs` before
    /// `timeUs`, newest first, until it returns false; whether it never did.
    @discardableResult
    private func forEachStrong(within spanUs: Int64, at timeUs: Int64, _ body: (Int) -> Bool) -> Bool {
        for j in 0..<count {
            let i = (next - 1 - j) & Self.mask
            if timeUs - times[i] > spanUs { break }
            if strong[i], !body(i) { return false }
        }
        return true
    }

    /// The angle of reading `i`'s direction from `axis` (radians, positive counterclockwise).
    private func signedAngle(of i: Int, from axis: Vector3) -> Double {
        let angle = acosApproximation(min(1, max(-1, axis.x * xs[i] + axis.y * ys[i])))
        return axis.x * ys[i] - axis.y * xs[i] < 0 ? -angle : angle
    }

    /// How many readings back from the newest the first strong one at or after `skip` lies
    /// (`count` when there is none).
    private func strongIndex(from skip: Int) -> Int {
        var k = skip
        while k < count, !strong[(next - 1 - k) & Self.mask] { k += 1 }
        return k
    }

    /// The edge-up pose whose axis is nearest to the in-plane direction (x, y).
    private static func nearestEdge(x: Double, y: Double) -> Orientation {
        if abs(x) > abs(y) { return x > 0 ? .landscapeRight : .landscapeLeft }
        return y > 0 ? .portraitUpsideDown : .portrait
    }
}
