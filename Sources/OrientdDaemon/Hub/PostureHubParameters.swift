import OrientationCore

/// How the posture hub paces its reads.
public struct PostureHubParameters: Equatable {
    /// At the low level (the tablet-mode switch or `org.orientd.Posture1` with nobody
    /// generating orientation notifications) both halves are read once per tick, in the same
    /// wake-up: 2 wake-ups a second at rest. The tracker needs two quiet readings and its
    /// settle time, so a new posture is known within about 1.5 s of the hinge coming to rest;
    /// a person folding a laptop into a tablet takes longer than that to start using it.
    public var lowIntervalUs: UInt64 = 500_000
    /// A kernel hinge sensor has no stream orientd uses (its buffer needs a trigger): at the
    /// full level it is read every 200 ms, 5 wake-ups a second while someone generates
    /// orientation notifications (the display accelerometer already streams then). Two
    /// readings span the tracker's settle time (250 ms), so a new posture is known within
    /// about half a second of the hinge coming to rest. At the low level it is read every
    /// `lowIntervalUs`, one sysfs read per wake-up: 2 wake-ups a second.
    public var kernelHingeFullIntervalUs: UInt64 = 200_000
    /// At the low level, a tick whose readings moved (either half's gravity by more than
    /// `movementMS2`, or a kernel hinge angle by more than `movementDegrees`) brings ticks every
    /// `movingIntervalUs` until `movementHoldUs` pass without movement. The tracker's two quiet
    /// readings and its 250 ms settle time then take about 350 ms once the hinge stops,
    /// instead of up to 1.5 s; the extra wake-ups (10 a second) last only while the device
    /// moves and one second after.
    public var movingIntervalUs: UInt64 = 100_000
    /// Longer than the tracker's settle time plus two readings: the new posture is decided
    /// on fast ticks.
    public var movementHoldUs: UInt64 = 1_000_000
    /// The accelerometer readers' still tolerance: hand tremor and sensor noise stay below it.
    public var movementMS2 = 0.6
    /// A kernel hinge angle's step that counts as movement: above the sensors' jitter (a
    /// degree), far below any fold.
    public var movementDegrees = 2.0
    public init() {}
}
