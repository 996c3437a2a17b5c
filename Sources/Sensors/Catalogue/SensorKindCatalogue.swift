/// A polled sensor kind that orientd serves on an object of its own on
/// `org.orientd.Orientation1`: its reader (`PolledSensorKind`, one number per reading) and the
/// entry that names it everywhere else. Everything outside the reader is made from the entry:
/// the demand in the daemon's `SensorRegistry`, the bus object and its claims, the D-Bus policy,
/// the udev rule that starts orientd, `orientctl sensors` and the docs table
/// (`orientd --generate`).
public protocol CataloguedSensorKind: PolledSensorKind where Reading == Double {
    static var entry: SensorKindEntry { get }
}

/// The names of one catalogued kind. Its interface has four members: `Has<stem>` (a sensor is
/// present, to every client), `<stem>` (the last reading in `unit`, to the claimants),
/// `Claim<stem>` and `Release<stem>` (per caller, dropped when the caller leaves the bus).
public struct SensorKindEntry: Sendable {
    /// The kind's name in the `SensorRegistry` and in logs: "pressure".
    public let name: String
    public let interface: String
    public let objectPath: String
    public let hasProperty: String
    public let valueProperty: String
    public let claimMethod: String
    public let releaseMethod: String
    /// The unit of `valueProperty`, for the docs table.
    public let unit: String
    /// The udev subsystem and the sysfs attributes, any one of which marks a device of the
    /// kind: the udev rule starts orientd for such a device.
    public let subsystem: String
    public let udevAttributes: [String]
}

/// What is made once per catalogued kind: `visit` is called with each kind's type, in the
/// catalogue's order (a generic call, so each kind's code is specialised, as Embedded Swift
/// needs).
public protocol SensorKindVisitor {
    mutating func visit<Kind: CataloguedSensorKind>(_ kind: Kind.Type)
}

/// The catalogue: one line per kind. Adding a kind is its reader in `Sources/Sensors/<Kind>/`
/// with its `entry`, its line here, and `orientd --generate .` for the generated files.
public enum SensorKindCatalogue {
    public static func visit<Visitor: SensorKindVisitor>(_ visitor: inout Visitor) {
        visitor.visit(Pressure.self)
    }

    /// Every entry, in the catalogue's order.
    public static var entries: [SensorKindEntry] {
        var collector = EntryCollector()
        visit(&collector)
        return collector.entries
    }

    private struct EntryCollector: SensorKindVisitor {
        var entries: [SensorKindEntry] = []
        mutating func visit<Kind: CataloguedSensorKind>(_ kind: Kind.Type) { entries.append(Kind.entry) }
    }
}
