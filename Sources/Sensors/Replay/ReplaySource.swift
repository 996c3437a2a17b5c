import CLibc
import OrientationCore
import Systemd

/// Plays a trace as if it were a sensor, paced by its timestamps on an sd-event timer.
/// The trace advances only while started (a paused world), and with `loop` starts over at
/// the end. Samples carry the trace's own time, so the classifier decides exactly as it does
/// offline, whatever the speed.
public final class ReplaySource: SampleSource {
    public struct Configuration: Equatable {
        public var path: String
        public var speed: Double = 1
        public var loop = false

        /// A hundredth of real time is slower than anyone watches a replay; the bound also keeps
        /// trace time divided by the speed far inside 64-bit microseconds.
        static let slowestSpeed = 0.01
        /// A thousand times real time replays an hour in under four seconds.
        static let fastestSpeed = 1000.0

        /// `FILE[,speed=X][,loop]`
        public init(parsing text: String) throws(SourceError) {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard let first = parts.first, !first.isEmpty else { throw SourceError("replay source needs a file: replay:FILE[,speed=X][,loop]") }
            path = first
            for option in parts.dropFirst() {
                if option == "loop" {
                    loop = true
                } else if option.hasPrefix("speed=") {
                    guard let value = try? DecimalNumber.parseDouble(option.dropFirst(6)), value.isFinite,
                          value >= Self.slowestSpeed, value <= Self.fastestSpeed else {
                        throw SourceError("replay speed \"\(option.dropFirst(6))\" must be a number from 0.01 to 1000")
                    }
                    speed = value
                } else {
                    throw SourceError("unknown replay option \"\(option)\" (expected speed=X or loop)")
                }
            }
        }
    }

    public let name: String
    public var isAvailable: Bool { true }
    /// A trace never comes or goes.
    public var availabilityChanged: ((Bool) -> Void)?

    private let file: TraceFile
    private let configuration: Configuration
    private let loop: any Timers
    /// From the check at start-up: the first and last trace times and the sample count.
    private let firstUs: Int64
    private let lastUs: Int64
    private let count: Int
    private var timer: (any Cancellable)?
    /// The next sample to deliver (read ahead); nil at the end of the trace.
    private var pending: Sample?
    /// The newest gravity delivered (for one-shot reads).
    private var latest: Vector3
    /// Added to trace times so that time keeps increasing across loops.
    private var timeOffsetUs: Int64 = 0
    /// Loop time (µs) at which trace time 0 (plus offset) is due while running.
    private var originUs: Int64 = 0
    private var deliver: ((Sample) -> Void)?

    /// Reads the whole trace once to check it (errors name the file and line) without keeping
    /// it: the replay streams it from the file.
    public init(configuration: Configuration, loop: any Timers) throws(SourceError) {
        self.configuration = configuration
        self.loop = loop
        name = "replay:\(configuration.path)"
        file = try TraceFile(path: configuration.path)
        guard let first = try file.next() else { throw SourceError("\(configuration.path): no samples") }
        var last = first
        var count = 1
        while let sample = try file.next() {
            last = sample
            count += 1
        }
        firstUs = first.timeUs
        lastUs = last.timeUs
        self.count = count
        latest = first.gravity
        // A looped trace that spans no time would be due again at once, forever.
        if configuration.loop && count > 1 && lastUs <= firstUs {
            throw SourceError("\(configuration.path): a looped trace needs timestamps that advance")
        }
        try file.rewind()
        pending = try file.next()
    }

    public func start(deliver: @escaping (Sample) -> Void) throws(SourceError) {
        guard timer == nil else { return }
        self.deliver = deliver
        if pending == nil {
            guard configuration.loop else { return }  // played to the end: a sensor gone quiet
            try wrapAround()
        }
        guard let pending else { return }
        originUs = Int64(loop.now) - scaled(pending.timeUs + timeOffsetUs)
        // Benchmarks pair this with the trace to time each decision.
        Log.debug("replay: origin \(originUs) us, speed \(configuration.speed)")
        schedule()
    }

    public func stop() {
        timer?.cancel()
        timer = nil
        deliver = nil
    }

    public func readOnce() throws(SourceError) -> Vector3 { latest }

    private func scaled(_ traceUs: Int64) -> Int64 { Int64(Double(traceUs) / configuration.speed) }

    /// The first sample follows the last by one average period; the pacing carries on.
    private func wrapAround() throws(SourceError) {
        let period = count > 1 ? (lastUs - firstUs) / Int64(count - 1) : 10_000
        timeOffsetUs += lastUs - firstUs + period
        try file.rewind()
        pending = try file.next()
    }

    private func schedule() {
        guard let pending else { return }
        let due = UInt64(max(0, originUs + scaled(pending.timeUs + timeOffsetUs)))
        do {
            timer = try loop.addTimer(at: due) { [unowned(unsafe) self] in self.fire() }
        } catch {
            Log.error("replay: cannot arm timer: \(error)")
        }
    }

    private func fire() {
        let now = Int64(loop.now)
        do {
            // Everything due by now, in order: a late wake-up delivers a small batch.
            while var sample = pending, originUs + scaled(sample.timeUs + timeOffsetUs) <= now {
                sample.timeUs += timeOffsetUs
                pending = try file.next()
                latest = sample.gravity
                deliver?(sample)
                if timer == nil { return }  // stopped from inside deliver
                if pending == nil {
                    guard configuration.loop else {
                        Log.info("replay: end of \(configuration.path)")
                        timer = nil
                        return
                    }
                    try wrapAround()
                }
            }
        } catch {
            // The file changed under the replay: a sensor that stops.
            Log.error("replay: \(error); stopping")
            timer = nil
            return
        }
        schedule()
    }
}
