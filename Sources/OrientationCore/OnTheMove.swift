/// When loud readings say the device has been carried, ridden or worn for longer than a glance
/// lasts (`OnTheMoveParameters`): the screen rule's step and heading paths
/// (`ScreenParameters.onTheMove`) and the classifier's still path (`ClassifierParameters.onTheMove`)
/// ask it; the classifier's still and heading paths also ask when a quiet device turned loud
/// (`startedFromQuiet`, a shake's onset). A hand's turn or glance is loud only while it lasts.
struct OnTheMove: Sendable {
    private let loudMS2: Double
    private let quietBreakUs: Int64
    private let longerThanAGlanceUs: Int64
    /// The first loud reading after the last quiet break; nil while quiet.
    private var sinceUs: Int64?
    /// The loud readings since `sinceUs` came after a quiet break measured in full (not after a
    /// restart, whose past is not known).
    private var fromQuiet = false
    /// The last loud reading (or restart): the classifier's quiet path waits `quietWindowMs` past it.
    private(set) var lastLoudUs: Int64 = 0

    init(parameters: OnTheMoveParameters) {
        loudMS2 = parameters.loudMS2
        quietBreakUs = Int64(parameters.quietBreakMs * 1000)
        longerThanAGlanceUs = Int64(parameters.longerThanAGlanceMs * 1000)
    }

    /// `offG`: how far the reading's length is from g (the caller has it already).
    mutating func observe(offG: Double, at t: Int64) {
        if offG > loudMS2 {
            if sinceUs == nil || t - lastLoudUs > quietBreakUs {
                sinceUs = t
                fromQuiet = t - lastLoudUs > quietBreakUs
            }
            lastLoudUs = t
        } else if t - lastLoudUs > quietBreakUs {
            sinceUs = nil
        }
    }

    /// On the move for `longerThanAGlanceMs` by `t`.
    func longerThanAGlance(at t: Int64) -> Bool {
        guard let since = sinceUs else { return false }
        return t - since >= longerThanAGlanceUs
    }

    /// Loud for less than `us` by `t`, after a quiet break measured in full: the device was
    /// held quietly and something just began to shake, carry or bump it.
    func startedFromQuiet(within us: Int64, at t: Int64) -> Bool {
        guard let since = sinceUs, fromQuiet else { return false }
        return t - since < us
    }

    /// After a pause in samples (at `t`, the first sample after it): whether the device still
    /// moves is not known, nor that it is quiet.
    mutating func reset(at t: Int64) {
        sinceUs = nil
        lastLoudUs = t
    }
}

/// The parameters of `OnTheMove`, the same for the classifier and the screen rule.
public struct OnTheMoveParameters: Equatable, Sendable {
    /// A sample whose length is this far from g is loud: a step, a pedal stroke, a vehicle's
    /// bump, a tap. A hand turning a phone adds well under 1 m/s², so while every sample stays
    /// within it the device is only rotating (the classifier's quiet path,
    /// `ClassifierParameters.quietWindowMs`). Includes 0.4 m/s² of chip gain error.
    public var loudMS2: Double = 1.2
    /// The device is on the move while loud samples come at most this far apart: the slowest
    /// gait in the material, stairs at 1.2 Hz, makes one every 0.8 s.
    public var quietBreakMs: Double = 900
    /// … and has been for this long: longer than the longest glance (1.2 s), so a glance or a
    /// turn made in the hand, loud only while it lasts, is never taken for it.
    public var longerThanAGlanceMs: Double = 1500

    public init() {}
}
