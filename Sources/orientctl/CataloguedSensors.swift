import OrientationCore
import Sensors
import Systemd

/// `orientctl sensors`: the devices of every kind of `SensorKindCatalogue`, the one in use and
/// the object that serves it.
enum CataloguedSensorListing {
    static func lines() -> [String] {
        var lister = Lister()
        SensorKindCatalogue.visit(&lister)
        return lister.lines
    }

    private struct Lister: SensorKindVisitor {
        var lines: [String] = []

        mutating func visit<Kind: CataloguedSensorKind>(_ kind: Kind.Type) {
            let found = PolledSensor<Kind>.scan()
            let chosen = found.first { $0.kind != nil }?.syspath
            let served = "\(Kind.entry.objectPath) (\(Kind.entry.interface) on \(Contract.Orientation1.busName))"
            for device in found {
                lines.append(PolledSensorListing.describe(device.sysname, role: Kind.role, used: device.syspath == chosen,
                                                          summary: device.kind?.summary,
                                                          refusal: PolledSensorListing.refusal(device.result), servedOn: served))
            }
        }
    }
}
