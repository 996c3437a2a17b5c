import OrientationCore
import Sensors
import Systemd

/// The daemon's sensors, each made once and registered in the `SensorRegistry` with what
/// runs it: the one table of sensor kinds. The hubs and bus faces built from it only state
/// demand and translate.
struct DaemonSensors {
    let registry: SensorRegistry
    let posture: PostureWiring
    let orientation: OrientationHub
    /// The `net.hadess.SensorProxy` sensors other than the accelerometer (with the
    /// compatibility interface only).
    let light: LightSensors?
    let proximity: PolledSensor<Proximity>?
    let inputProximity: InputProximitySource?
    let compass: CompassSensors?
    /// The kinds of `SensorKindCatalogue`, each on an object of its own.
    let catalogued: CataloguedSensors

    init(options: DaemonOptions, display: (any SampleSource)?, loop: any Timers) {
        let registry = SensorRegistry(timers: loop)
        let posture = PostureWiring(display: display, options: options, loop: loop)
        let source = posture.orientationSource
        let orientation = OrientationHub(source: source, timers: loop, supportedOption: options.supportedOrientations,
                                         lockLimit: options.limits.callers)
        let postureHub = posture.hub
        registry.register(.accelerometer, run: { level in
            orientation.run(PostureWiring.orientationLevel(level))
            postureHub.run(level)
        }, refresh: { source?.refresh() })
        posture.register(in: registry)
        catalogued = CataloguedSensors(registry: registry, timers: loop)
        if options.sensorProxyCompat {
            let synthetic = SyntheticSensorParameters.fromEnvironment()
            let light = LightSensors(loop: loop, synthetic: synthetic)
            let proximity = PolledSensor<Proximity>(loop: loop)
            let compass = CompassSensors(loop: loop, synthetic: synthetic)
            registry.register(.light, run: { light.run(SensorRun($0)) })
            registry.register(.proximity, run: { proximity.run(SensorRun($0)) })
            registry.register(.compass, run: { compass.run(SensorRun($0)) })
            (self.light, self.proximity, self.compass) = (light, proximity, compass)
            inputProximity = InputProximitySource(loop: loop)
        } else {
            (light, proximity, compass, inputProximity) = (nil, nil, nil, nil)
        }
        self.registry = registry
        self.posture = posture
        self.orientation = orientation
    }
}
