import Evdev
import OrientationCore

/// An input accelerometer opened with libevdev, with the units and frame worked out: what a
/// reader reads, a one-shot read, and `orientctl sensors` shows.
public final class OpenInputAccelerometer {
    let device: EvdevDevice
    public let units: InputAccelerometerUnits
    public let mountMatrix: MountMatrix
    public var path: String { device.path }

    public convenience init(_ candidate: DiscoveredInputAccelerometer) throws(SourceError) {
        guard let configuration = candidate.configuration, let node = candidate.devnode else {
            throw SourceError("\(candidate.sysname): not usable")
        }
        try self.init(sysname: candidate.sysname, node: node, configuration: configuration)
    }

    /// The node `node` of the evdev device `sysname`, as discovery configured it (tests
    /// give the configuration and a node that the fake libevdev table stands behind).
    init(sysname: String, node: String, configuration: DiscoveredInputAccelerometer.Configuration) throws(SourceError) {
        let device: EvdevDevice
        do {
            device = try EvdevDevice(path: node)
        } catch {
            throw SourceError("\(sysname): \(error)")
        }
        self.device = device
        let axes = [EvdevDevice.absX, EvdevDevice.absY, EvdevDevice.absZ].compactMap { device.axis($0) }
        guard axes.count == 3 else { throw SourceError("\(sysname): no ABS_X, ABS_Y and ABS_Z axes") }
        units = InputAccelerometerUnits(property: configuration.unitsProperty, hasAccelerometerProperty: device.isAccelerometer,
                                        resolutions: axes.map { $0.resolution })
        mountMatrix = configuration.mountMatrix
    }

    /// The axis values libevdev holds (current while events are drained).
    public var raw: (Int32, Int32, Int32) {
        (device.value(EvdevDevice.absX), device.value(EvdevDevice.absY), device.value(EvdevDevice.absZ))
    }

    public func sensorFrame(_ raw: (Int32, Int32, Int32)) -> Vector3 { units.sensorFrame(raw.0, raw.1, raw.2) }

    /// Gravity in the device frame, m/s².
    public func gravity(_ raw: (Int32, Int32, Int32)) -> Vector3 { mountMatrix.apply(sensorFrame(raw)) }

    public var gravity: Vector3 { gravity(raw) }
}
