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

        /// `FILE[,speed=X][,loop]`
        public init(parsing text: String) throws(SourceError) {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard let first = parts.first, !first.isEmpty else { throw SourceError("replay source needs a file: replay:FILE[,speed=X][,loop]") }
            path = first
            for option in parts.dropFirst() {
                if option == "loop" {
                    loop = true
                } else if option.hasPrefix("speed=") {
                    guard let value = try? DecimalNumber.parseDouble(option.dropFirst(6)), value > 0, value <= 1000 else {
                        throw SourceError("replay speed \"\(option.dropFirst(6))\" must be a number in (0, 1000]")
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

    private let samples: [Sample]
    private let configuration: Configuration
    private let loop: any Timers
    private var timer: (any Cancellable)?
    private var next = 0
    /// Added to trace times so that time keeps increasing across loops.
    private var timeOffsetUs: Int64 = 0
    /// Loop time (µs) at which trace time 0 (plus offset) is due while running.
    private var originUs: Int64 = 0
    private var deliver: ((Sample) -> Void)?

    public init(configuration: Configuration, loop: any Timers) throws(SourceError) {
        self.configuration = configuration
        self.loop = loop
        name = "replay:\(configuration.path)"
        let text = try Self.readFile(configuration.path)
        do {
            samples = try Trace.parse(text, source: configuration.path)
        } catch {
            throw SourceError("\(error)")
        }
        guard !samples.isEmpty else { throw SourceError("\(configuration.path): no samples") }
    }

    public func start(deliver: @escaping (Sample) -> Void) throws(SourceError) {
        guard timer == nil else { return }
        self.deliver = deliver
        if next >= samples.count {
            guard configuration.loop else { return }  // played to the end: a sensor gone quiet
            wrapAround()
        }
        originUs = Int64(loop.now) - scaled(traceTime(next))
        // Benchmarks pair this with the trace to time each decision.
        Log.debug("replay: origin \(originUs) us, speed \(configuration.speed), next sample \(next)")
        schedule()
    }

    public func stop() {
        timer?.cancel()
        timer = nil
        deliver = nil
    }

    public func readOnce() throws(SourceError) -> Vector3 {
        samples[min(next, samples.count - 1)].gravity
    }

    private func traceTime(_ index: Int) -> Int64 { samples[index].timeUs + timeOffsetUs }
    private func scaled(_ traceUs: Int64) -> Int64 { Int64(Double(traceUs) / configuration.speed) }

    private func wrapAround() {
        let period = samples.count > 1 ? (samples[samples.count - 1].timeUs - samples[0].timeUs) / Int64(samples.count - 1) : 10_000
        timeOffsetUs += samples[samples.count - 1].timeUs - samples[0].timeUs + period
        next = 0
    }

    private func schedule() {
        let due = UInt64(max(0, originUs + scaled(traceTime(next))))
        do {
            timer = try loop.addTimer(at: due) { [unowned(unsafe) self] in self.fire() }
        } catch {
            Log.error("replay: cannot arm timer: \(error)")
        }
    }

    private func fire() {
        let now = Int64(loop.now)
        // Everything due by now, in order: a late wake-up delivers a small batch.
        while next < samples.count, originUs + scaled(traceTime(next)) <= now {
            var sample = samples[next]
            sample.timeUs += timeOffsetUs
            next += 1
            deliver?(sample)
            if timer == nil { return }  // stopped from inside deliver
        }
        if next >= samples.count {
            guard configuration.loop else {
                Log.info("replay: end of \(configuration.path)")
                timer = nil
                return
            }
            // The offset makes the first sample follow the last by one period: the pacing
            // (originUs) carries on unchanged.
            wrapAround()
        }
        schedule()
    }

    static func readFile(_ path: String) throws(SourceError) -> String {
        guard let file = fopen(path, "r") else {
            throw SourceError("cannot open trace \(path): \(String(cString: strerror(orientd_errno())))")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
            if n < chunk.count {
                if ferror(file) != 0 { throw SourceError("cannot read trace \(path): \(String(cString: strerror(orientd_errno())))") }
                break
            }
            // A trace is small; refuse something that is clearly not one.
            if bytes.count > 256 << 20 { throw SourceError("trace \(path) is larger than 256 MiB") }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SourceError("trace \(path) is not UTF-8 text")
        }
        return text
    }
}
