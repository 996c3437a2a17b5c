/// A jump between two rests faster than a hand moves: a vibration motor spinning up
/// (`RestJumpGuard`; `ClassifierParameters.restJump`).
public struct RestJumpParameters: Equatable, Sendable {
    /// Two rests (still windows, whatever their length) at most this far apart and
    /// `minMS2` apart are a jump no hand makes: 30° from rest to rest in 50 ms needs a
    /// peak of 1 200°/s and 48 000°/s², and a hand cannot hold a device still while pushing it
    /// by half a g. A vibration motor spins up in 20–30 ms, and its buzz, aliased to well under
    /// 1 Hz, turns and lengthens the reading by an offset of 0.3–1 g that drifts for up to a
    /// burst (`RestJumpGuard`).
    public var maxMs: Double = 50
    /// The least distance between the two rests that counts as a jump: 30° at g (a third of the
    /// way to the next pose), or half a g in length alone.
    public var minMS2: Double = 5
    /// A shorter jump, down to this, is one too when made as fast: its rests at most
    /// `maxMs` times its share of `minMS2` apart (25°, 4.2 m/s², in 42 ms), the
    /// same speed, which over a shorter turn needs a larger angular acceleration. A motor's 4.2–5
    /// m/s² tips a phone on a stand 30° back past the switch point, its spin-up over within 30 ms.
    /// A hand's 25° flick over 100–120 ms is followed at once (MotorOnsetTests; lowering
    /// `minMS2` to 4 m/s² held it back 300 ms); one within 80 ms (22 000°/s²) waits up to
    /// `suspectMs`. No rest that stays put ends this suspicion (`holdMs`): a register write steps
    /// by a whole axis, and a motor whose alias is near 0 Hz holds its offset (--seed 279
    /// buzz_portrait_50hz: 4.6 m/s², 2.3 s). 2.9 m/s² is a motor's least offset, 0.3 g. Buzz bad
    /// changes (--only buzz, device/screen) seeds 279, 301–360 2/0 → 0/0, held out 361–460 4/1 →
    /// 1/1; default, gait2, gait3 0–23, seeds 101–112, corpora and glances unchanged.
    public var scaledMinMS2: Double = 2.9
    /// After a jump no new pose is reported for this long, unless the reading is back to the
    /// rest before it within `undoneMS2`, or a rest held (`holdMs`): a
    /// notification's or a ring's burst lasts at most 2.5 s.
    public var suspectMs: Double = 3000
    /// A rest this close to the one before the jump (vector distance) means the burst is over:
    /// 1.5 m/s² is 9° at g, while the motor's offset is at least 0.3 g, 2.9 m/s².
    public var undoneMS2: Double = 1.5
    /// A rest as long as g that stays within `ClassifierParameters.stillToleranceMS2` of where
    /// it began for this long ends the suspicion: the device was set down, or an emulated chip had its registers
    /// written one axis at a time (old rest, a few readings of mixed axes, new rest), and the
    /// new rest stays. A motor's offset turning at its alias of 0.1–2.5 Hz leaves that tolerance
    /// sooner.
    public var holdMs: Double = 300
    /// … unless the jump changed the reading's length by more than this (from the rest before it
    /// to where it landed): a hand's turn leaves gravity alone, a motor's offset adds to it, and a
    /// near-0 Hz alias holds it still (--seed 428 buzz_faceUp_50hz: 8.9 m/s², 0.77 longer); a
    /// calibrated chip's bias and gain errors change g's length between poses by a few tenths.
    public var lengthToleranceMS2: Double = 0.5
    /// A jump into readings that stay within this of their mean is no motor: an emulated chip's
    /// registers (i2c-stub, umockdev) or a test's fake set to a new pose, which must be followed
    /// at once (ScreenStillTests). A motor's offset drifts at its alias and carries the sample
    /// clock's jitter (1 ms is 72° of a 200 Hz buzz), and a real chip's noise moves each reading.
    public var exactRestMS2: Double = 0.02
    /// A motor's offset keeps its size while the burst lasts, whatever phase of its turn the
    /// sample clock's jitter catches: readings all this close to one distance from the rest
    /// before the jump (but the spin-up's one) are that offset, not a hand (`RestJumpGuard`).
    /// 1.5 m/s² is 9° at g, as `undoneMS2`; the buzz_* offsets keep their size within
    /// 0.1 m/s², while a hand turning 90° moves the reading from 5 to 13.9 m/s² from the rest.
    public var offsetToleranceMS2: Double = 1.5
    /// … and when no new rest forms at all (the offset drifts along its circle faster than
    /// `ClassifierParameters.stillToleranceMS2` in `ClassifierParameters.stillWindowMs`: 0.45
    /// m/s² a sample at 50 Hz), readings that kept
    /// that one size this long after the jump are the offset too. A hand's turn changes the
    /// size within 100 ms; 100 ms also caught a stair climber's step after a quick flick
    /// (--seed 104 move_stairs_100hz, 2.3 s late); 200 ms caught none of the motion material
    /// (default, gait2, seeds 101-112, gait3 0-23: every output unchanged) and all of seeds
    /// 1-200's bursts (--only buzz).
    public var offsetHeldMs: Double = 200

    public init() {}
}
