import OrientationCore

/// How the posture hub paces its reads.
public struct PostureHubParameters: Equatable {
    /// At the low level (the tablet-mode switch or `org.orientd.Posture1` with nobody
    /// generating orientation notifications) both halves are read once per tick, in the same
    /// wake-up: 2 wake-ups a second at rest. The tracker needs its filters' readings and its
    /// settle time, so a new posture is known within about 1.5 s of the hinge coming to rest;
    /// a person folding a laptop into a tablet takes longer than that to start using it.
    public var lowIntervalUs: UInt64 = 500_000
    /// A kernel hinge sensor has no stream orientd uses (its buffer needs a trigger): at the
    /// full level it is read every 200 ms, 5 wake-ups a second while someone generates
    /// orientation notifications (the display accelerometer already streams then). Two
    /// readings and a third span the tracker's settle time (400 ms), so a new posture is known within
    /// about half a second of the hinge coming to rest. At the low level it is read every
    /// `lowIntervalUs`, one sysfs read per wake-up: 2 wake-ups a second.
    public var kernelHingeFullIntervalUs: UInt64 = 200_000
    /// At the low level, a tick whose readings moved (either half's gravity by more than
    /// `movementMS2`, or a kernel hinge angle by more than `movementDegrees`) brings ticks every
    /// `movingIntervalUs` until `movementHoldUs` pass without movement. The tracker's filters and
    /// its 400 ms settle time then take about half a second once the hinge stops,
    /// instead of up to 1.5 s; the extra wake-ups (10 a second) last only while the device
    /// moves and one second after.
    public var movingIntervalUs: UInt64 = 100_000
    /// Longer than the tracker's settle time plus two readings: the new posture is decided
    /// on fast ticks.
    public var movementHoldUs: UInt64 = 1_000_000
    /// Above what noise alone makes of two readings 500 ms apart: the accelerometers of 2-in-1s
    /// are modelled with up to 0.2 m/s² rms of white noise per axis (the posture corpora), so
    /// the difference of two readings has 0.28 m/s² rms per axis and its length passes 1.2 m/s²
    /// (4.2 σ of that Maxwell distribution) in 0.04 % of the comparisons: the fast ticks come
    /// for movement, not noise (at 0.6 m/s², a 0.2 m/s² chip at rest took 9 wake-ups a
    /// second, `benchmarks/posture.py --noise 0.2`). A fold of 20°/s turns either half by 10° between two
    /// ticks, 1.7 m/s² of gravity; slower folds are decided at the low rate.
    public var movementMS2 = 1.2
    /// A kernel hinge angle's step that counts as movement: above the sensors' jitter (a
    /// degree), far below any fold.
    public var movementDegrees = 2.0
    public init() {}
}
