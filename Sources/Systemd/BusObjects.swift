import CallError

/// One object a daemon serves, declared once (systemd's `BusObjectImplementation`): the bus
/// name it is reached at, its path, its interfaces with their rows, and whether this run
/// serves it. The exports, the path filter, the names to own and the introspection files are
/// all derived from a table of these.
public struct BusObjectDeclaration<Context: AnyObject> {
    public let busName: String
    public let path: String
    public let interfaces: [BusInterface<Context>]
    /// False: this run does not serve the object (an option left it out).
    public let isServed: (Context) -> Bool

    public init(busName: String, path: String, interfaces: [BusInterface<Context>],
                isServed: @escaping (Context) -> Bool = { _ in true }) {
        self.busName = busName
        self.path = path
        self.interfaces = interfaces
        self.isServed = isServed
    }
}

/// The objects of a table served for one context: one export per interface, and a path
/// filter that answers calls on no other path (UnknownObject) without waking a handler. The
/// exports go before the context they call into.
public final class BusObjects<Context: AnyObject> {
    /// The well-known names the served objects are reached at, each once, in table order.
    public let busNames: [String]
    private var exports: [BusObjectExport] = []
    private var filter: BusPathFilter?
    private let context: Context

    public init(bus: Bus, table: [BusObjectDeclaration<Context>], context: Context) throws(CallError) {
        self.context = context
        var names: [String] = []
        var paths: [String] = []
        for object in table where object.isServed(context) {
            for interface in object.interfaces {
                exports.append(try bus.export(path: object.path, interface: interface.name,
                                              members: interface.rows.map { $0.bound(to: context) }))
            }
            if !paths.contains(object.path) { paths.append(object.path) }
            if !names.contains(object.busName) { names.append(object.busName) }
        }
        busNames = names
        filter = try bus.acceptCalls(onlyOn: paths)
    }

    deinit {
        filter = nil
        exports.removeAll()
    }
}
