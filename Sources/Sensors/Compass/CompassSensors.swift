import Systemd

/// The compass `CompassHeading` comes from: the buffered IIO compass when there is one, else
/// the synthetic one when the environment asks for it (`SyntheticSensorParameters`). Only the
/// compass in use runs, and only while `run(.reading)` (`.idle`: set up, not read).
public final class CompassSensors {
    public let buffered: BufferedSensor<Compass>
    public let synthetic: SyntheticSensor<SyntheticCompass>?
    /// Called when a compass appears (true) or the last one goes (false).
    public var availabilityChanged: ((Bool) -> Void)?
    /// Called with each new heading of the compass in use.
    public var readingChanged: ((Double) -> Void)?
    private var running = SensorRun.off
    private var wasAvailable = false

    public init(loop: any Timers, parameters: BufferedSensorParameters = BufferedSensorParameters(),
                synthetic syntheticParameters: SyntheticSensorParameters = SyntheticSensorParameters()) {
        buffered = BufferedSensor<Compass>(loop: loop, parameters: parameters)
        synthetic = syntheticParameters.compass ? SyntheticSensor<SyntheticCompass>(loop: loop, parameters: syntheticParameters) : nil
        buffered.availabilityChanged = { [unowned(unsafe) self] _ in self.sensorsChanged() }
        synthetic?.availabilityChanged = { [unowned(unsafe) self] _ in self.sensorsChanged() }
        buffered.readingChanged = { [unowned(unsafe) self] heading in self.readingChanged?(heading) }
        synthetic?.readingChanged = { [unowned(unsafe) self] heading in
            if !self.buffered.isAvailable { self.readingChanged?(heading) }
        }
        wasAvailable = isAvailable
    }

    public var isAvailable: Bool { buffered.isAvailable || synthetic?.isAvailable == true }

    /// The last heading of the compass in use.
    public var reading: Double? {
        if buffered.isAvailable { return buffered.reading }
        if synthetic?.isAvailable == true { return synthetic?.reading }
        return buffered.reading ?? synthetic?.reading
    }

    public func run(_ state: SensorRun) {
        running = state
        apply()
    }

    private func apply() {
        let useBuffered = buffered.isAvailable
        buffered.run(useBuffered ? running : .off)
        synthetic?.run(!useBuffered && synthetic?.isAvailable == true ? running : .off)
    }

    private func sensorsChanged() {
        apply()
        if isAvailable != wasAvailable {
            wasAvailable = isAvailable
            availabilityChanged?(isAvailable)
        } else if let reading {
            readingChanged?(reading)   // the other compass took over
        }
    }
}
