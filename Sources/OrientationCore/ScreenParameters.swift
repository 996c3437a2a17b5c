/// Every tunable of the screen orientation (`ScreenOrientationRule`), in physical units, with
/// the reason for its default. Times are in milliseconds, like `ClassifierParameters`.
///
/// The design problem: a glance (a tilt 50–70° toward another pose that comes straight back
/// within 0.4–1.2 s) and a deliberate rotation both make the classifier report the new pose
/// while the device still turns. Only what follows tells them apart: after a rotation the
/// device stays, after a glance it turns back. The turning point of a glance is its steadiest
/// moment. Each half of a glance is a minimum-jerk hand movement (Flash & Hogan 1985): near the
/// reversal the angle is A − 10·A·|δ/T|³ (A the amplitude, T the half duration, δ the time
/// from the reversal). The flattest turning point, A = 50°, T = 0.6 s, turns less than
/// `steadyDegreesPerSecond` × `speedIntervalMs` (3.2°) between a direction and the one 80 ms
/// before it for 144 ms; a 10 Hz stream can see one more sample interval of it as steady:
/// 244 ms at most. The dwell is above that.
public struct ScreenParameters: Equatable, Sendable {
    /// Smoothing of the gravity direction before its turning speed is measured. Physiological
    /// hand tremor (8–12 Hz, under 1°) is attenuated threefold by 50 ms, while the direction
    /// lags a real movement by only about 50 ms.
    public var smoothingTimeConstantMs: Double = 50
    /// The turning speed is measured between the smoothed direction now and the newest one at
    /// least this old. Just under the 10 Hz polling period (100 ms ± timer jitter), so a 10 Hz
    /// stream compares consecutive samples; close to the period of physiological tremor
    /// (83–125 ms), which therefore mostly cancels out; sensor noise (about 0.03 m/s², 0.2°)
    /// adds under 4°/s.
    public var speedIntervalMs: Double = 80
    /// Turning slower than this counts as held steadily. A hand holding a device sways at
    /// 5–30°/s (posture and the remains of tremor); a deliberate rotation turns at 100–600°/s
    /// and decelerates through this speed only in its last tens of milliseconds.
    public var steadyDegreesPerSecond: Double = 40
    /// How long the device must have turned slower than `steadyDegreesPerSecond`, in the pose
    /// the classifier reports, before the screen follows. Above the 244 ms a glance's turning
    /// point can look steady (see above), and short enough that the screen follows a deliberate
    /// rotation within about 0.4 s of the hand stopping (the smoothing and the speed interval
    /// add 50–100 ms to the dwell).
    public var dwellMs: Double = 300
    /// A pose the classifier has reported this long is taken even if the device never held
    /// steadily (walking, vehicles): longer than the longest glance (1.2 s, out and back), so
    /// no glance ever lasts long enough.
    public var unsteadyFallbackMs: Double = 1500

    public init() {}

    public static let `default` = ScreenParameters()
}
