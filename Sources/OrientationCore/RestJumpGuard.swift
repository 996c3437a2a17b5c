/// Whether the device seems to have jumped between two rests faster than a hand can turn it:
/// a vibration motor spinning up (`ClassifierParameters.restJumpMaxMs`). A motor's buzz, aliased
/// by the sample clock to well under 1 Hz, adds an offset of 0.3–1 g that barely moves: within
/// the motor's 20–30 ms spin-up the reading leaves one rest and settles, 30–60° away, into what
/// looks like another one, not as long as g, and can stay there for the whole burst. A hand turning a device
/// passes through the angles between over 100 ms or more.
///
/// After such a jump no new pose is taken until the reading comes back to where it rested
/// before (`restJumpUndoneMS2`: the burst ended) or `restJumpSuspectMs` passed.
///
/// Pure: time comes with the rests.
struct RestJumpGuard {
    private let gapUs: Int64
    private let suspectUs: Int64
    private let minCos: Double
    private let restToleranceMS2: Double
    private let undoneSquared: Double
    private let standardGravity: Double

    private var lastRest: Vector3?
    private var lastRestUs: Int64 = 0
    private var wasAtRest = false
    /// The rest before the jump, while the jump is suspect.
    private var anchor: Vector3?
    private var suspectSinceUs: Int64 = 0

    init(parameters p: ClassifierParameters) {
        gapUs = Int64((p.stillWindowMs + p.restJumpMaxMs) * 1000)
        suspectUs = Int64(p.restJumpSuspectMs * 1000)
        minCos = cosineApproximation(p.restJumpMinDegrees * .pi / 180)
        restToleranceMS2 = p.quietMagnitudeToleranceMS2
        undoneSquared = p.restJumpUndoneMS2 * p.restJumpUndoneMS2
        standardGravity = p.standardGravity
    }

    mutating func reset() {
        lastRest = nil
        wasAtRest = false
        anchor = nil
    }

    /// Feeds the still window's mean at `t`, or nil when the device is not at rest.
    mutating func observe(rest: Vector3?, at t: Int64) {
        guard let rest else {
            wasAtRest = false
            return
        }
        if let a = anchor {
            let d = rest - a
            if t - suspectSinceUs > suspectUs || d.dot(d) <= undoneSquared {
                anchor = nil
                wasAtRest = true
                lastRest = rest
                lastRestUs = t
                return
            }
        }
        // The first rest after a movement: its window holds only samples taken after the last
        // rest's, so the two rests were at most `restJumpMaxMs` apart. The new one is not as
        // long as g: it is not gravity alone.
        if !wasAtRest, let before = lastRest, t - lastRestUs <= gapUs,
           abs(before.magnitude - standardGravity) <= restToleranceMS2,
           abs(rest.magnitude - standardGravity) > restToleranceMS2,
           before.dot(rest) <= minCos * before.magnitude * rest.magnitude {
            if anchor == nil {
                anchor = before
                suspectSinceUs = t
            }
        }
        wasAtRest = true
        lastRest = rest
        lastRestUs = t
    }

    /// A jump is suspect at `t`: keep the reported pose.
    func isSuspect(at t: Int64) -> Bool { anchor != nil && t - suspectSinceUs <= suspectUs }
}
