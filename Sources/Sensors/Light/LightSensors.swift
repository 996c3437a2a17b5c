import Systemd

/// The ambient light sensor `LightLevel` comes from: a polled one (`AmbientLight`: IIO
/// `in_illuminance*`, hwmon) when there is one, else a buffered one (`BufferedAmbientLight`).
/// iio-sensor-proxy 3.0 tries its drivers in that order too, so a HID sensor hub that offers
/// both `in_illuminance_raw` and the `in_intensity_both` scan element is polled by both
/// daemons. Last comes the synthetic one, when the environment asks for it
/// (`SyntheticSensorParameters`). Only the sensor in use runs, and only while `run(.reading)`
/// (`.idle`: set up, not read).
public final class LightSensors {
    public let polled: PolledSensor<AmbientLight>
    public let buffered: BufferedSensor<BufferedAmbientLight>
    public let synthetic: SyntheticSensor<SyntheticLight>?
    /// Called when a light sensor appears (true) or the last one goes (false): the level
    /// and unit may have changed with it.
    public var availabilityChanged: ((Bool) -> Void)?
    /// Called when the level in use changes, also when the sensor in use changes.
    public var readingChanged: (() -> Void)?
    private var running = SensorRun.off

    public init(loop: any Timers, polledParameters: PolledSensorParameters = PolledSensorParameters(),
                bufferedParameters: BufferedSensorParameters = BufferedSensorParameters(),
                synthetic syntheticParameters: SyntheticSensorParameters = SyntheticSensorParameters()) {
        polled = PolledSensor<AmbientLight>(loop: loop, parameters: polledParameters)
        buffered = BufferedSensor<BufferedAmbientLight>(loop: loop, parameters: bufferedParameters)
        synthetic = syntheticParameters.light ? SyntheticSensor<SyntheticLight>(loop: loop, parameters: syntheticParameters) : nil
        polled.availabilityChanged = { [unowned(unsafe) self] _ in self.sensorsChanged() }
        buffered.availabilityChanged = { [unowned(unsafe) self] _ in self.sensorsChanged() }
        synthetic?.availabilityChanged = { [unowned(unsafe) self] _ in self.sensorsChanged() }
        polled.readingChanged = { [unowned(unsafe) self] _ in self.readingChanged?() }
        buffered.readingChanged = { [unowned(unsafe) self] _ in
            if !self.polled.isAvailable { self.readingChanged?() }
        }
        synthetic?.readingChanged = { [unowned(unsafe) self] _ in
            if !self.polled.isAvailable && !self.buffered.isAvailable { self.readingChanged?() }
        }
        wasAvailable = isAvailable
    }

    private var wasAvailable = false

    public var isAvailable: Bool { polled.isAvailable || buffered.isAvailable || synthetic?.isAvailable == true }

    /// The level of the sensor in use (the last one read while it ran).
    public var reading: LightLevel? {
        if polled.isAvailable { return polled.reading }
        if buffered.isAvailable { return buffered.reading }
        if synthetic?.isAvailable == true { return synthetic?.reading }
        return polled.reading ?? buffered.reading ?? synthetic?.reading
    }

    public func run(_ state: SensorRun) {
        running = state
        apply()
    }

    private func apply() {
        let usePolled = polled.isAvailable
        let useBuffered = !usePolled && buffered.isAvailable
        polled.run(usePolled ? running : .off)
        buffered.run(useBuffered ? running : .off)
        synthetic?.run(!usePolled && !useBuffered && synthetic?.isAvailable == true ? running : .off)
    }

    private func sensorsChanged() {
        apply()
        if isAvailable != wasAvailable {
            wasAvailable = isAvailable
            availabilityChanged?(isAvailable)
        } else {
            readingChanged?()   // the other sensor took over: its level and unit apply
        }
    }
}
