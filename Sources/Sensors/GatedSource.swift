import OrientationCore
import Systemd

/// A source whose readings pass `SampleGate` before anyone sees them: readings that are not
/// finite or beyond any accelerometer's range never reach the classifier, the screen rule
/// or posture. Refused readings are counted and logged once per ten seconds with the count,
/// so a driver that sends nothing else cannot flood the journal.
public final class GatedSource: ForwardingSource {
    private var gate: SampleGate
    private var refusedLog = RateLimitedLog(intervalUs: 10_000_000, burst: 1)
    private let timers: any Timers

    public init(_ inner: any SampleSource, timers: any Timers, parameters: SampleGate.Parameters = SampleGate.Parameters()) {
        self.timers = timers
        gate = SampleGate(parameters: parameters)
        super.init(inner)
    }

    /// Readings refused so far.
    public var refused: UInt64 { gate.rejected }

    public override func start(deliver: @escaping (Sample) -> Void) throws(SourceError) {
        try inner.start { [unowned(unsafe) self] sample in
            guard self.gate.admit(sample) else { return self.refusedReading(sample.gravity) }
            deliver(sample)
        }
    }

    public override func readOnce() throws(SourceError) -> Vector3 {
        let gravity = try inner.readOnce()
        guard gate.admit(Sample(timeUs: 0, gravity: gravity)) else {
            refusedReading(gravity)
            throw SourceError("\(inner.name): \(gravity) m/s² is not a reading")
        }
        return gravity
    }

    private func refusedReading(_ gravity: Vector3) {
        refusedLog.log(Log.warning, "\(inner.name): reading \(gravity) m/s² refused: not finite or beyond any accelerometer's range "
                       + "(\(gate.rejected) refused so far)", now: timers.now)
    }
}
