import Sensors
import Systemd

/// One catalogued kind's sensor, made and registered in the `SensorRegistry` by
/// `CataloguedSensors`: the polled sensor behind closures, so the bus face need not know the
/// kind's type.
final class CataloguedSensor {
    let entry: SensorKindEntry
    let isAvailable: () -> Bool
    /// The last reading, nil before any.
    let reading: () -> Double?
    var availabilityChanged: ((Bool) -> Void)?
    var readingChanged: ((Double) -> Void)?
    private let sensor: AnyObject

    /// `sensor`: kept alive here; the closures read it.
    init(entry: SensorKindEntry, sensor: AnyObject, isAvailable: @escaping () -> Bool, reading: @escaping () -> Double?) {
        self.entry = entry
        self.sensor = sensor
        self.isAvailable = isAvailable
        self.reading = reading
    }
}

/// Every kind of `SensorKindCatalogue`, its sensor made once and registered in the
/// `SensorRegistry` under the entry's name, in the catalogue's order.
struct CataloguedSensors {
    private(set) var sensors: [CataloguedSensor] = []

    init(registry: SensorRegistry, timers: any Timers) {
        var maker = Maker(registry: registry, timers: timers)
        SensorKindCatalogue.visit(&maker)
        sensors = maker.sensors
    }

    private struct Maker: SensorKindVisitor {
        let registry: SensorRegistry
        let timers: any Timers
        var sensors: [CataloguedSensor] = []

        mutating func visit<Kind: CataloguedSensorKind>(_ kind: Kind.Type) {
            let sensor = PolledSensor<Kind>(loop: timers)
            registry.register(SensorRegistry.Kind(Kind.entry.name), run: { sensor.run(SensorRun($0)) })
            let wrapped = CataloguedSensor(entry: Kind.entry, sensor: sensor, isAvailable: { [unowned(unsafe) sensor] in sensor.isAvailable },
                                           reading: { [unowned(unsafe) sensor] in sensor.reading })
            sensor.availabilityChanged = { [unowned(unsafe) wrapped] present in wrapped.availabilityChanged?(present) }
            sensor.readingChanged = { [unowned(unsafe) wrapped] value in wrapped.readingChanged?(value) }
            sensors.append(wrapped)
        }
    }
}
