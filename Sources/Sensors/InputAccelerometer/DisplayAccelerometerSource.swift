import OrientationCore
import Systemd

/// The display accelerometer, wherever it is: the IIO one when one exists, else an input
/// accelerometer (as iio-sensor-proxy, which tries its IIO drivers before the input one).
/// An IIO accelerometer that appears while the input one runs takes over; one that goes away
/// hands back to the input one, without callers noticing more than `availabilityChanged`.
public final class DisplayAccelerometerSource: SampleSource {
    public let iio: any SampleSource
    public let input: any SampleSource
    public var availabilityChanged: ((Bool) -> Void)?
    public var configurationChanged: (() -> Void)? {
        didSet {
            iio.configurationChanged = configurationChanged
            input.configurationChanged = configurationChanged
        }
    }
    private var running: (any SampleSource)?
    private var deliver: ((Sample) -> Void)?
    private var wasAvailable: Bool
    /// The running one lingers paused (SampleSource.pause).
    private var paused = false

    public init(iio: any SampleSource, input: any SampleSource) {
        self.iio = iio
        self.input = input
        wasAvailable = iio.isAvailable || input.isAvailable
        iio.availabilityChanged = { [unowned(unsafe) self] _ in self.changed() }
        input.availabilityChanged = { [unowned(unsafe) self] _ in self.changed() }
        if !iio.isAvailable && input.isAvailable { Log.info("no IIO display accelerometer: using \(input.name)") }
    }

    /// The source orientation comes from now.
    public var current: any SampleSource { iio.isAvailable || !input.isAvailable ? iio : input }
    public var name: String { current.name }
    public var isAvailable: Bool { iio.isAvailable || input.isAvailable }
    public var supportedOrientations: String? { current.supportedOrientations }
    public var reportsBeforeClaim: Bool { current.reportsBeforeClaim }

    public func start(deliver: @escaping (Sample) -> Void) throws(SourceError) {
        paused = false
        if let running {
            // Back within the stop linger: the paused one resumes, unless the other took over.
            if running === current {
                try running.start(deliver: deliver)
                return
            }
            running.stop()
            self.running = nil
        }
        let source = current
        try source.start(deliver: deliver)
        running = source
        self.deliver = deliver
    }

    public func pause() {
        running?.pause()
        paused = true
    }

    public func stop() {
        running?.stop()
        running = nil
        deliver = nil
        paused = false
    }

    public func readOnce() throws(SourceError) -> Vector3 { try current.readOnce() }
    public func refresh() { current.refresh() }
    public func keepOneShotReadsOpen(_ keep: Bool) {
        iio.keepOneShotReadsOpen(keep)
        input.keepOneShotReadsOpen(keep)
    }

    /// One of the two gained or lost its device: run the one that should run now.
    private func changed() {
        let available = isAvailable
        if let running, let deliver, running !== current || !running.isAvailable {
            running.stop()
            self.running = nil
            if paused {
                // Nobody listens: the next start takes the one in charge then.
                self.deliver = nil
                paused = false
            } else if available {
                Log.info("display accelerometer: switching to \(current.name)")
                do {
                    try start(deliver: deliver)
                } catch {
                    Log.error("\(error)")
                }
            }
        }
        if available != wasAvailable {
            wasAvailable = available
            availabilityChanged?(available)
        }
    }
}
