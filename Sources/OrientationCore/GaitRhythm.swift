/// A runner's rhythm, from the length of the readings alone: a foot strike is the first reading
/// `gaitStrikeMS2` above g after one at or below it. The device is carried at a run while its
/// last two strikes are a runner's step apart (`gaitMinimumStepMs`–`gaitMaximumStepMs`) and
/// the last is no older than a step. An arm's exercise, a shake or a vehicle has no such rhythm.
struct GaitRhythm {
    private let strikeMS2: Double
    private let minimumStepUs: Int64
    private let maximumStepUs: Int64
    private var armed = false
    private var lastStrikeUs: Int64?
    private var previousStrikeUs: Int64?

    init(parameters: ClassifierParameters) {
        strikeMS2 = parameters.gaitStrikeMS2
        minimumStepUs = Int64(parameters.gaitMinimumStepMs * 1000)
        maximumStepUs = Int64(parameters.gaitMaximumStepMs * 1000)
    }

    mutating func reset() {
        armed = false
        lastStrikeUs = nil
        previousStrikeUs = nil
    }

    /// `excess`: the reading's length less g, at `t` (µs).
    mutating func observe(excess: Double, at t: Int64) {
        if excess <= 0 {
            armed = true
        } else if armed && excess >= strikeMS2 {
            armed = false
            previousStrikeUs = lastStrikeUs
            lastStrikeUs = t
        }
    }

    /// The last two strikes were a step apart, the last at most a step before `t`.
    func isRunning(at t: Int64) -> Bool {
        guard let last = lastStrikeUs, let previous = previousStrikeUs else { return false }
        return last - previous >= minimumStepUs && last - previous <= maximumStepUs && t - last <= maximumStepUs
    }
}
