/// Whether the device seems to have jumped between two rests faster than a hand can move it:
/// a vibration motor spinning up (`ClassifierParameters.restJump.maxMs`). A motor's buzz, aliased
/// by the sample clock to well under 1 Hz, adds an offset of 0.3–1 g that barely moves: within
/// the motor's 20–30 ms spin-up the reading leaves one rest and settles into what looks like
/// another one, turned or lengthened by the offset, and drifts from there for the whole burst,
/// passing the length of g away from the pose. A hand turning a device passes through the
/// angles between over 100 ms or more.
///
/// After such a jump no new pose is taken, except back to the one reported before it, until one
/// of:
/// - the reading comes back to where it rested before (`restJump.undoneMS2`: the burst ended);
/// - a rest as long as g has stayed put for `restJump.holdMs` (a motor's alias moves it, while a
///   device set down ends in a rest that stays), unless it drifted there along the offset's
///   circle: as far from the rest before the jump as the jump took the reading
///   (`restJump.offsetToleranceMS2`) but away from where the jump landed (`restJump.undoneMS2`),
///   as a slowly drifting offset passing the length of g, 9 m/s² from faceUp for 2 s, or the
///   jump changed the reading's length (`restJump.lengthToleranceMS2`: a hand's turn leaves
///   gravity alone, a motor's offset adds to it, and an alias near 0 Hz holds it still);
/// - `restJump.suspectMs` passed.
/// A stray reading between the two rests (sample-timing jitter catching the motor's buzz at
/// another phase) breaks the new rest's window for a while, not the jump: when a reading within
/// `restJump.maxMs` of the last rest is already within `restJump.undoneMS2` of the new one (most
/// of the way there) and so are all later ones but one, it is a jump, however long the new
/// rest's window took to form. A step or a knock moves several readings. It is a jump too when
/// a reading within `restJump.maxMs` of the last rest is `restJump.minMS2` from it and all later
/// ones but one are as far from it as the new rest (`restJump.offsetToleranceMS2`): the motor's
/// offset has one size, and the jitter or a fast alias only turns it, so the readings hop
/// between phases of one circle around the pose (7 and 3 m/s² long, all 6.7 m/s² from it) or
/// drift along it, while a hand turning the device takes the reading further from the pose.
/// When no rest forms after the jump at all (the offset drifts too fast for a still window),
/// readings that kept the offset's size for `restJump.offsetHeldMs` are a jump as well.
/// A jump into a rest as long as g from one that was not (free fall, or an emulated chip whose
/// registers are written one axis at a time: old rest, readings of mixed or zeroed axes, new
/// rest) is a landing: it ends the suspicion at once, unless both rests are as far from the one
/// before the jump (that circle again: the jitter caught the motor's offset at another phase).
/// A jump from a rest that was not as long as g begins none: a motor spins up on a device lying
/// still, while a gait read through a chip's low-pass rests for an instant at each extreme of
/// its step (a stair climber's hand at 6.5 and 11.8 m/s², 110 ms apart) and would keep new
/// poses out for seconds.
/// A jump shorter than `restJump.minMS2` (down to a motor's least offset) is one as well when its
/// rests were nearer in time by as much (`restJump.scaledMinMS2`): a hand turning that fast needs a
/// larger angular acceleration still. A rest that stays put within the offset's circle does not
/// end that suspicion: a motor whose alias is near 0 Hz holds its offset still, and no register
/// write steps that little. One beyond it does (`beyondOffset`): a hand turned on after the jump.
///
/// Pure: time comes with the rests.
struct RestJumpGuard {
    private let gapUs: Int64
    private let jumpUs: Int64
    private let suspectUs: Int64
    private let holdUs: Int64
    private let jumpSquared: Double
    private let jumpMinimum: Double
    private let scaledJumpSquared: Double
    private let stillWindowUs: Int64
    private let undoneSquared: Double
    private let offsetTolerance: Double
    private let holdSquared: Double
    private let exactSquared: Double
    private let gravityTolerance: Double
    private let offsetHeldUs: Int64
    private let lengthTolerance: Double

    private var lastRest: Vector3?
    private var lastRestUs: Int64 = 0
    private var wasAtRest = false
    /// The readings since the last rest while not at rest, and when: at most `leavingCapacity`,
    /// 256 ms at 1 kHz, more than a stray reading's break lasts (`stillWindowMs` after it, and
    /// `restJump.maxMs`); a longer break is no jump.
    private var leaving: [(timeUs: Int64, value: Vector3)] = []
    private static let leavingCapacity = 256
    /// When a reading of `leaving` was first `restJump.minMS2` from the last rest within
    /// `restJump.maxMs` of it, and whether its offset was checked once it held (`offsetHeldUs`).
    private var leftAtUs: Int64?
    private var offsetChecked = false
    /// The last rest as long as g: where the reading comes back when a burst ends.
    private var lastGravityRest: Vector3?
    /// Since when the rests are suspect (the last jump), and the rest before them.
    private var suspectSinceUs: Int64?
    private var anchor: Vector3?
    /// Where the jump took the reading, and how far from `anchor`: the motor's offset.
    private var jumpedTo = Vector3.zero
    private var jumpOffset = 0.0
    /// Whether a rest that stays put may end the suspicion (not after a small quick jump).
    private var holdEnds = true
    /// Where the current run of rests began, and when: how long the reading has stayed put.
    private var holdStart: Vector3?
    private var holdSinceUs: Int64 = 0

    init(parameters p: ClassifierParameters) {
        gapUs = Int64((p.stillWindowMs + p.restJump.maxMs) * 1000)
        jumpUs = Int64(p.restJump.maxMs * 1000)
        suspectUs = Int64(p.restJump.suspectMs * 1000)
        holdUs = Int64(p.restJump.holdMs * 1000)
        jumpSquared = p.restJump.minMS2 * p.restJump.minMS2
        jumpMinimum = p.restJump.minMS2
        scaledJumpSquared = p.restJump.scaledMinMS2 * p.restJump.scaledMinMS2
        stillWindowUs = Int64(p.stillWindowMs * 1000)
        undoneSquared = p.restJump.undoneMS2 * p.restJump.undoneMS2
        offsetTolerance = p.restJump.offsetToleranceMS2
        holdSquared = p.stillToleranceMS2 * p.stillToleranceMS2
        exactSquared = p.restJump.exactRestMS2 * p.restJump.exactRestMS2
        gravityTolerance = p.stillMagnitudeToleranceMS2
        offsetHeldUs = Int64(p.restJump.offsetHeldMs * 1000)
        lengthTolerance = p.restJump.lengthToleranceMS2
    }

    mutating func reset() {
        lastRest = nil
        wasAtRest = false
        startLeaving()
        lastGravityRest = nil
        suspectSinceUs = nil
        anchor = nil
        holdStart = nil
    }

    /// Feeds the still window at `t` (its mean and its samples' largest squared distance from
    /// it), or nil when the device is not at rest, and the reading at `t`. True when a
    /// suspicion begins.
    mutating func observe(rest window: (mean: Vector3, maxDistanceSquared: Double)?, reading: Vector3, at t: Int64) -> Bool {
        guard let rest = window?.mean, let spreadSquared = window?.maxDistanceSquared else {
            if wasAtRest { startLeaving() }
            if leaving.count < Self.leavingCapacity { leaving.append((t, reading)) }
            wasAtRest = false
            holdStart = nil
            return offsetHeldWithoutRest(reading, at: t)
        }
        if let start = holdStart, wasAtRest, Self.distanceSquared(rest, start) <= holdSquared {
            // still the same rest
        } else {
            holdStart = rest
            holdSinceUs = t
        }
        let isGravity = Self.isGravity(rest, within: gravityTolerance)
        var begins = false
        // The first rest after a movement, far from the last one.
        if !wasAtRest, let before = lastRest, Self.distanceSquared(rest, before) >= jumpSquared {
            let leftGravity = Self.isGravity(before, within: gravityTolerance)
            if isGravity && !leftGravity {
                // Into gravity from a rest that was not (free fall, a chip's registers written
                // one axis at a time): a landing, not a motor's offset setting in, unless it
                // is the same offset at another phase.
                if !sameOffset(rest, before) { suspectSinceUs = nil }
            } else if leftGravity, t - lastRestUs <= gapUs || arrivedAtOnce(at: rest) || offsetHeld(at: rest),
                      spreadSquared > exactSquared {
                // Its window holds only samples taken after the last rest's: the two rests were
                // at most `restJump.maxMs` apart. Readings that do not move at all are an
                // emulated or fake chip's registers set to a new pose (`restJump.exactRestMS2`).
                begins = beginSuspicion(from: rest, at: t, holdEnds: true)
            }
        } else if !wasAtRest, let before = lastRest, Self.isGravity(before, within: gravityTolerance),
                  quickSmallJump(from: before, to: rest, at: t), spreadSquared > exactSquared {
            begins = beginSuspicion(from: rest, at: t, holdEnds: false)
        }
        let undone = anchor.map({ Self.distanceSquared(rest, $0) <= undoneSquared }) ?? false
        let settled = (holdEnds || beyondOffset(rest)) && t - holdSinceUs >= holdUs && isGravity && !keepsOffset(rest)
        if let since = suspectSinceUs, t - since > suspectUs || undone || settled {
            suspectSinceUs = nil
        }
        if suspectSinceUs == nil { anchor = nil }
        if isGravity, suspectSinceUs == nil { lastGravityRest = rest }
        wasAtRest = true
        lastRest = rest
        lastRestUs = t
        return begins
    }

    /// A suspicion begins with `rest` (`holdEnds`: whether a rest that stays put may end it), or
    /// the one under way goes on from `t`: true when it begins.
    private mutating func beginSuspicion(from rest: Vector3, at t: Int64, holdEnds: Bool) -> Bool {
        let begins = suspectSinceUs == nil
        if begins { suspect(from: rest, holdEnds: holdEnds) }
        suspectSinceUs = t
        return begins
    }

    /// A jump under `restJump.minMS2` from `before` to `rest` (whose window ends at `t`), at least
    /// `restJump.scaledMinMS2`, made as fast: its window began within `restJump.maxMs` times its
    /// share of `restJump.minMS2` after the last rest.
    private func quickSmallJump(from before: Vector3, to rest: Vector3, at t: Int64) -> Bool {
        let size = Self.distance(rest, before)
        guard size * size >= scaledJumpSquared else { return false }
        return Double(t - stillWindowUs - lastRestUs) <= Double(jumpUs) * size / jumpMinimum
    }

    /// A movement begins: no reading has left the last rest yet.
    private mutating func startLeaving() {
        leaving.removeAll(keepingCapacity: true)
        leftAtUs = nil
        offsetChecked = false
    }

    /// The readings since the last rest reached `rest` within `restJump.maxMs` and stayed there
    /// but for one stray reading (see the type's notes).
    private func arrivedAtOnce(at rest: Vector3) -> Bool {
        guard leaving.count < Self.leavingCapacity, lastRest != nil,
              let first = leaving.firstIndex(where: { Self.distanceSquared($0.value, rest) <= undoneSquared }),
              leaving[first].timeUs - lastRestUs <= jumpUs else { return false }
        return leaving[first...].filter { Self.distanceSquared($0.value, rest) > undoneSquared }.count <= 1
    }

    /// The readings since the last rest were `restJump.minMS2` from it within `restJump.maxMs`, and
    /// from then on all but one (the spin-up's) stayed as far from it as `rest` is, within
    /// `restJump.offsetToleranceMS2` (see the type's notes).
    private func offsetHeld(at rest: Vector3) -> Bool {
        guard leaving.count < Self.leavingCapacity, let before = lastRest,
              let first = leaving.firstIndex(where: { Self.distanceSquared($0.value, before) >= jumpSquared }),
              leaving[first].timeUs - lastRestUs <= jumpUs else { return false }
        let size = Self.distance(rest, before)
        return leaving[first...].filter { abs(Self.distance($0.value, before) - size) > offsetTolerance }.count <= 1
    }

    /// No rest since the jump, but the readings kept the offset's size for `offsetHeldUs`
    /// (checked once per movement, when it is that old): a suspicion begins.
    private mutating func offsetHeldWithoutRest(_ reading: Vector3, at t: Int64) -> Bool {
        guard suspectSinceUs == nil, !offsetChecked, let before = lastRest,
              Self.isGravity(before, within: gravityTolerance) else { return false }
        if leftAtUs == nil, t - lastRestUs <= jumpUs, Self.distanceSquared(reading, before) >= jumpSquared { leftAtUs = t }
        guard let left = leftAtUs, t - left >= offsetHeldUs else { return false }
        offsetChecked = true
        guard offsetHeld(at: reading) else { return false }
        return beginSuspicion(from: reading, at: t, holdEnds: true)
    }

    /// A suspicion begins with the reading at `jumped`: the rest before the jump is its anchor.
    private mutating func suspect(from jumped: Vector3, holdEnds: Bool) {
        anchor = lastGravityRest
        self.holdEnds = holdEnds && keepsLength(jumped)
        jumpedTo = jumped
        jumpOffset = anchor.map { Self.distance(jumped, $0) } ?? 0
    }

    /// `rest` is as far from the anchor as the jump took the reading, but not where it landed:
    /// the motor's offset, turned since.
    private func keepsOffset(_ rest: Vector3) -> Bool {
        guard let anchor else { return false }
        return abs(Self.distance(rest, anchor) - jumpOffset) <= offsetTolerance
            && Self.distanceSquared(rest, jumpedTo) > undoneSquared
    }

    /// `rest` is further from the anchor than the jump took the reading, by more than
    /// `restJump.offsetToleranceMS2`: outside the circle a motor's offset drifts along, where a
    /// hand that went on turning after a small quick jump (two rests of a glance's way back, 18°
    /// apart 30 ms apart with tremor at 50 Hz) brings it.
    private func beyondOffset(_ rest: Vector3) -> Bool {
        guard let anchor else { return false }
        return Self.distance(rest, anchor) > jumpOffset + offsetTolerance
    }

    /// `rest` is as long as the rest before the jump, within `restJump.lengthToleranceMS2`: gravity
    /// alone, read by the same chip, not gravity plus a motor's offset.
    private func keepsLength(_ rest: Vector3) -> Bool {
        guard let anchor else { return true }
        return abs(rest.magnitude - anchor.magnitude) <= lengthTolerance
    }

    /// Two rests as far from the one before the jump, within `restJump.offsetToleranceMS2`.
    private func sameOffset(_ a: Vector3, _ b: Vector3) -> Bool {
        guard let anchor else { return false }
        return abs(Self.distance(a, anchor) - Self.distance(b, anchor)) <= offsetTolerance
    }

    /// A jump is suspect at `t`: keep the reported pose.
    func isSuspect(at t: Int64) -> Bool { suspectSinceUs.map { t - $0 <= suspectUs } ?? false }

    private static func distanceSquared(_ a: Vector3, _ b: Vector3) -> Double {
        let d = a - b
        return d.dot(d)
    }

    private static func distance(_ a: Vector3, _ b: Vector3) -> Double { (a - b).magnitude }

    private static func isGravity(_ v: Vector3, within tolerance: Double) -> Bool {
        abs(v.magnitude - standardGravity) <= tolerance
    }
}
