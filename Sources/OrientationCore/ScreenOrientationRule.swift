/// The interface orientation: what a compositor rotates the screen to (CONVENTIONS §4
/// `ScreenOrientation`), as opposed to the device orientation the classifier reports.
///
/// It follows the classifier's edge-up poses only once the device has held steadily:
/// - the classifier reports an edge-up pose in `supported` that differs from the screen's;
/// - the smoothed gravity direction points to that pose and has turned slower than
///   `steadyDegreesPerSecond` for `dwellMs` (a glance turns back before that);
/// - or, when the device never holds steadily (walking, vehicles), the classifier has reported
///   that pose for `unsteadyFallbackMs`, longer than any glance lasts.
/// `faceUp`, `faceDown`, `unknown` and unsupported poses keep the previous value. The first
/// supported edge-up pose is taken at once: there is no previous screen to protect.
///
/// Pure: no clock, no I/O. Feed it every sample the classifier sees, in time order, together
/// with the classifier's orientation after that sample.
public struct ScreenOrientationRule: Sendable {
    public let parameters: ScreenParameters
    public let supported: SupportedOrientations
    /// The screen orientation now; `unknown` before the first supported edge-up pose.
    public private(set) var orientation: Orientation = .unknown

    private var started = false
    private var lastTimeUs: Int64 = 0
    private var smoothed = Vector3.zero
    /// Smoothed directions of the last `speedIntervalMs` (and the newest one older than
    /// that), oldest first: the turning speed is measured against the first.
    private var recent: [(timeUs: Int64, direction: Vector3)] = []
    private var steadySinceUs: Int64 = 0
    private var devicePose: Orientation = .unknown
    private var devicePoseSinceUs: Int64 = 0

    // Parameters converted once to the units of the per-sample path.
    private let dwellUs: Int64
    private let fallbackUs: Int64
    private let speedIntervalUs: Int64
    private let steadyRadiansPerUs: Double

    public init(parameters: ScreenParameters = .default, supported: SupportedOrientations = .all) {
        self.parameters = parameters
        self.supported = supported
        dwellUs = Int64(parameters.dwellMs * 1000)
        fallbackUs = Int64(parameters.unsteadyFallbackMs * 1000)
        speedIntervalUs = Int64(parameters.speedIntervalMs * 1000)
        steadyRadiansPerUs = parameters.steadyDegreesPerSecond * .pi / 180 / 1_000_000
    }

    /// Feeds one sample and the classifier's orientation after it. Returns the new screen
    /// orientation when it changes. Samples with non-finite or zero readings only update the
    /// classifier's pose.
    public mutating func process(_ sample: Sample, deviceOrientation: Orientation) -> Orientation? {
        let t = sample.timeUs
        if deviceOrientation != devicePose {
            devicePose = deviceOrientation
            devicePoseSinceUs = t
        }
        let g = sample.gravity
        if g.isFinite, g != .zero { track(g, at: t) }

        guard deviceOrientation.isEdgeUp, deviceOrientation != orientation,
              supported.contains(deviceOrientation) else { return nil }
        let steady = started && t - steadySinceUs >= dwellUs && Self.nearestPose(smoothed) == deviceOrientation
        let persistent = t - devicePoseSinceUs >= fallbackUs
        guard orientation == .unknown || steady || persistent else { return nil }
        orientation = deviceOrientation
        return deviceOrientation
    }

    /// Updates the smoothed direction and the time since which it has turned slowly: the
    /// turning speed is the angle to the newest direction at least `speedIntervalMs` old,
    /// divided by the time between them. A pause in samples longer than the dwell restarts the
    /// measurement, and the classifier's pose counts as new: the device could have turned and
    /// come back unseen.
    private mutating func track(_ g: Vector3, at t: Int64) {
        if started, t >= lastTimeUs, t - lastTimeUs <= dwellUs {
            let dtMs = Double(t - lastTimeUs) / 1000
            smoothed = smoothed + (g - smoothed) * (dtMs / (parameters.smoothingTimeConstantMs + dtMs))
        } else {
            started = true
            smoothed = g
            recent.removeAll(keepingCapacity: true)
            steadySinceUs = t
            devicePoseSinceUs = t
        }
        lastTimeUs = t
        var drop = 0
        while recent.count - drop >= 2, t - recent[drop + 1].timeUs >= speedIntervalUs { drop += 1 }
        recent.removeFirst(drop)
        if let reference = recent.first, t - reference.timeUs >= speedIntervalUs,
           Self.angle(smoothed, reference.direction) > steadyRadiansPerUs * Double(t - reference.timeUs) {
            steadySinceUs = t
        }
        recent.append((t, smoothed))
    }

    private static func angle(_ a: Vector3, _ b: Vector3) -> Double {
        let lengths = a.magnitude * b.magnitude
        guard lengths > 0 else { return 0 }
        return acosApproximation(min(1, max(-1, a.dot(b) / lengths)))
    }

    /// The pose whose axis is nearest to `v`, without hysteresis.
    private static func nearestPose(_ v: Vector3) -> Orientation {
        var best = Orientation.unknown
        var bestCos = -Double.infinity
        for pose in Orientation.poses {
            let c = v.dot(pose.gravityAxis!)
            if c > bestCos { best = pose; bestCos = c }
        }
        return best
    }
}

extension ScreenOrientationRule {
    /// Convenience for traces: runs `classifier` and the rule over `samples` and returns every
    /// screen orientation change as (time in µs, orientation).
    public mutating func process<S: Sequence>(_ samples: S, classifier: inout OrientationClassifier)
        -> [(timeUs: Int64, orientation: Orientation)] where S.Element == Sample {
        var changes: [(timeUs: Int64, orientation: Orientation)] = []
        for sample in samples {
            _ = classifier.process(sample)
            if let change = process(sample, deviceOrientation: classifier.orientation) {
                changes.append((sample.timeUs, change))
            }
        }
        return changes
    }
}
