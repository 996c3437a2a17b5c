/// One member of an interface declared for an owner type, as a row of an sd-bus vtable is: a
/// method's handler and a property's getter take the owner, so the row exists before any owner
/// does (the introspection XML is written from rows alone, `BusIntrospection`).
public enum BusRow<Owner: AnyObject> {
    /// A method. The handler replies (now, or later through the retained message) or throws
    /// a `BusError`, which becomes the error reply.
    case method(name: String, signature: String = "", result: String = "",
                inNames: [String] = [], outNames: [String] = [],
                handler: (Owner, BusMessage) throws(BusError) -> Void)
    /// A read-only property; `emitsChange` means PropertiesChanged carries its value.
    case property(name: String, signature: String, emitsChange: Bool, getter: (Owner) -> BusValue)
    case signal(name: String, signature: String, names: [String])

    /// The same row answered by a part of `Outer` (the service that owns this row's owner).
    public func served<Outer: AnyObject>(by part: @escaping (Outer) -> Owner) -> BusRow<Outer> {
        switch self {
        case let .method(name, signature, result, inNames, outNames, handler):
            return .method(name: name, signature: signature, result: result, inNames: inNames, outNames: outNames) {
                (outer, call) throws(BusError) in try handler(part(outer), call)
            }
        case let .property(name, signature, emitsChange, getter):
            return .property(name: name, signature: signature, emitsChange: emitsChange) { getter(part($0)) }
        case let .signal(name, signature, names):
            return .signal(name: name, signature: signature, names: names)
        }
    }

    /// The member exported for one owner. The owner outlives its export (`BusObjects` releases
    /// the exports first), so the handlers do not retain it.
    func bound(to owner: Owner) -> BusMember {
        switch self {
        case let .method(name, signature, result, inNames, outNames, handler):
            return .method(name: name, signature: signature, result: result, inNames: inNames, outNames: outNames) {
                [unowned(unsafe) owner] (call) throws(BusError) in try handler(owner, call)
            }
        case let .property(name, signature, emitsChange, getter):
            return .property(name: name, signature: signature, emitsChange: emitsChange) { [unowned(unsafe) owner] in getter(owner) }
        case let .signal(name, signature, names):
            return .signal(name: name, signature: signature, names: names)
        }
    }
}

/// An interface declared once: its name, the notes its introspection file opens with, and
/// its rows in the order they are introspected.
public struct BusInterface<Owner: AnyObject> {
    public let name: String
    public let notes: String
    public let rows: [BusRow<Owner>]

    public init(_ name: String, notes: String = "", _ rows: [BusRow<Owner>]) {
        self.name = name
        self.notes = notes
        self.rows = rows
    }

    /// The same interface answered by a part of `Outer`.
    public func served<Outer: AnyObject>(by part: @escaping (Outer) -> Owner) -> BusInterface<Outer> {
        BusInterface<Outer>(name, notes: notes, rows.map { $0.served(by: part) })
    }
}
