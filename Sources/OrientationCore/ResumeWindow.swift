/// The answer from the first data after a dropout (`ResumeWindow`), for the device
/// (`ClassifierParameters.resume`) and the screen (`ScreenParameters.resume`).
public struct ResumeParameters: Equatable, Sendable {
    /// How long the first samples after a pause must agree: three readings of a 10 Hz stream,
    /// two polling periods each up to 15 ms short of 100 when a timer fires early under load
    /// (180 ms waited for a fourth reading, 100 ms later, after a 10 Hz walker's dropout whose
    /// first three spanned 179: scripts/make-motion-traces.py --variant gait3 --seed 3). The
    /// answer is due 100 ms after the data come back and wanted within 150 ms of that (issue
    /// #38). A deep glance (75–90° out and back at 1 000°/s² or more) stays within `axisDegrees`
    /// (18°) of an axis it reaches for 2·√(2·18°/α) = 379 ms in all: data coming back in its
    /// last 214 ms see it turn away.
    public var windowMs: Double = 165
    /// … and over at least this many samples (three of a 10 Hz stream).
    public var minimumSamples: Int = 3
    /// Every sample must point within this of one edge-up pose's axis in the screen's plane
    /// (leaning back does not count): a turn on the move ends within about 7° of square, the
    /// hand's attitude wanders 3–6° and a walker's bounce, mostly along gravity, sways the
    /// direction ±3–8° (15° missed a 10 Hz walker stopped 16° off, 17° at 25 Hz:
    /// scripts/make-motion-traces.py --variant gait3 --seed 20, 17). A glance that stops, 40–70°,
    /// stops 20° or more away (`ScreenParameters.holdAxisDegrees`): 2° are left for its sway.
    public var axisDegrees: Double = 18
    /// … leaning back no more than this: a device read on the move leans back 30–45°; flatter,
    /// the in-plane direction is noise and a step's sway, and faceUp is near.
    public var maximumLeanDegrees: Double = 60
    /// The samples' mean must have the length of g within this: a walker's heel strike and
    /// bounce (up to 0.4 g along gravity) do not average out in 200 ms, a shake (1–3 g) or a
    /// fall does not pass.
    public var magnitudeToleranceMS2: Double = 4
    /// The screen takes the first data's answer only for a device carried on the move before
    /// the pause: the length of its readings varied by this much at least (standard deviation,
    /// `bounceTimeConstantMs`). A walker's bounce spreads it by 0.66 m/s² or more at a dropout
    /// in the gentlest gait of the material (scripts/make-motion-traces.py --variant gait2),
    /// a hand holding, turning or glancing by 0.3 at most (glance_*, turn_*, drop_hand_*): in the
    /// hand a glance the pause hid can come back near an axis and stay for the window, while
    /// the screen's hold answers a turn in the hand soon enough.
    public var carriedBounceMS2: Double = 0.45
    /// The spread is followed with this time constant: a stride and more (a step 0.5 s).
    public var bounceTimeConstantMs: Double = 500

    public init() {}
}

/// The first data after a dropout (`ResumeParameters`): the device turned unseen, and the
/// samples of the first `windowMs` after the pause say where it is now, before any average over
/// a step or a stride can. While walking, their in-plane direction stays near gravity's (the
/// bounce is mostly vertical: along gravity, which only changes their length), so when every
/// sample points within `axisDegrees` of the same edge-up pose's axis in the screen's plane and
/// their mean has about the length of g, that pose is where the device stopped.
///
/// One answer per pause: the first sample that disagrees, or the end of the window, ends it;
/// the ordinary rules decide from then on. Pure: time comes with the samples.
struct ResumeWindow {
    private let windowUs: Int64
    private let axisCos: Double
    private let minimumPlanarShare: Double
    private let magnitudeTolerance: Double
    private let minimumSamples: Int
    private let bounceTimeConstantUs: Double
    private var lengthMean = 0.0, lengthVariance = 0.0, lastUs: Int64?

    private var startUs: Int64?  // the first sample after the pause; nil when no window is open
    private var pose = Orientation.unknown
    private var sum = Vector3.zero
    private var count = 0

    init(parameters p: ResumeParameters) {
        windowUs = Int64(p.windowMs * 1000)
        axisCos = cosineApproximation(p.axisDegrees * .pi / 180)
        minimumPlanarShare = cosineApproximation(p.maximumLeanDegrees * .pi / 180)
        magnitudeTolerance = p.magnitudeToleranceMS2
        minimumSamples = p.minimumSamples
        bounceTimeConstantUs = p.bounceTimeConstantMs * 1000
    }

    /// How much the length of the readings has varied lately (standard deviation, m/s²).
    var bounceMS2: Double { lengthVariance.squareRoot() }

    /// Opens a window at the first sample after a pause (call before `append` of that sample).
    mutating func open(at t: Int64) {
        startUs = t
        pose = .unknown
        sum = .zero
        count = 0
    }

    /// Feeds one sample; returns the edge-up pose the window's samples agree on, once, when they
    /// span `windowMs`, and the window's mean (for the caller's own checks).
    mutating func append(_ g: Vector3, at t: Int64) -> (pose: Orientation, mean: Vector3)? {
        let length = g.magnitude
        if let last = lastUs, t >= last {
            let k = Double(t - last) / (bounceTimeConstantUs + Double(t - last)), d = length - lengthMean
            lengthMean += k * d
            lengthVariance = (1 - k) * (lengthVariance + k * d * d)
        } else {
            lengthMean = length
            lengthVariance = 0
        }
        lastUs = t
        guard let start = startUs else { return nil }
        let here = planarPose(g)
        guard here != .unknown, pose == .unknown || here == pose else {
            startUs = nil
            return nil
        }
        pose = here
        sum = sum + g
        count += 1
        guard t - start >= windowUs, count >= minimumSamples else { return nil }
        startUs = nil
        let mean = sum * (1 / Double(count))
        guard abs(mean.magnitude - standardGravity) <= magnitudeTolerance, planarPose(mean) == pose else { return nil }
        return (pose, mean)
    }

    /// The edge-up pose whose axis `g` points within `axisDegrees` of in the screen's plane, when
    /// it leans back no more than `maximumLeanDegrees`; `unknown` otherwise.
    private func planarPose(_ g: Vector3) -> Orientation {
        guard g.leansBackWithin(cosine: minimumPlanarShare) else { return .unknown }
        let planar = (g.x * g.x + g.y * g.y).squareRoot()
        for pose in Orientation.poses where pose.isEdgeUp {
            guard let axis = pose.gravityAxis else { continue }
            if (g.x * axis.x + g.y * axis.y) / planar >= axisCos { return pose }
        }
        return .unknown
    }
}
