/// The introspection XML of a table of objects, written from the declarations alone (no bus,
/// no owner), in the layout sd-bus introspects them: what `orientd --bus-introspect` writes
/// into dbus/ and what a test compares with the running daemon.
public enum BusIntrospection {
    /// One file per interface, named after it (`org.orientd.Orientation1.xml`), except that an
    /// interface named and placed below another (`net.hadess.SensorProxy.Compass` at
    /// `…/SensorProxy/Compass`) is a child node of that interface's file.
    public static func files<Context>(_ table: [BusObjectDeclaration<Context>]) -> [(name: String, text: String)] {
        let all = table.flatMap { object in object.interfaces.map { (path: object.path, interface: $0) } }
        func parent(of entry: (path: String, interface: BusInterface<Context>)) -> String? {
            all.first {
                entry.interface.name.hasPrefix($0.interface.name + ".") && entry.path.hasPrefix($0.path + "/")
            }?.interface.name
        }
        var files: [(name: String, text: String)] = []
        for top in all where parent(of: top) == nil {
            let children = all.filter { parent(of: $0) == top.interface.name }
            let notes = ([top.interface.notes] + children.map { $0.interface.notes }).filter { !$0.isEmpty }
            var text = """
                <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
                 "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">

                """
            if !notes.isEmpty { text += "<!--\n" + notes.joined(separator: "\n\n") + "\n-->\n" }
            text += "<node>\n" + element(top.interface, indent: " ")
            for child in children {
                text += " <node name=\"\(String(child.path.dropFirst(top.path.count + 1)))\">\n"
                text += element(child.interface, indent: "  ") + " </node>\n"
            }
            files.append((top.interface.name + ".xml", text + "</node>\n"))
        }
        return files
    }

    /// One `<interface>` element.
    static func element<Owner>(_ interface: BusInterface<Owner>, indent: String) -> String {
        var text = indent + "<interface name=\"\(interface.name)\">\n"
        let inner = indent + " "
        let arg = inner + " "
        for row in interface.rows {
            switch row {
            case let .method(name, signature, result, inNames, outNames, _):
                text += inner + "<method name=\"\(name)\">\n"
                text += arguments(signature, inNames, direction: "in", indent: arg)
                text += arguments(result, outNames, direction: "out", indent: arg)
                text += inner + "</method>\n"
            case let .property(name, signature, emitsChange, _):
                text += inner + "<property name=\"\(name)\" type=\"\(signature)\" access=\"read\">\n"
                if !emitsChange {
                    text += arg + "<annotation name=\"org.freedesktop.DBus.Property.EmitsChangedSignal\" value=\"false\"/>\n"
                }
                text += inner + "</property>\n"
            case let .signal(name, signature, names):
                text += inner + "<signal name=\"\(name)\">\n"
                text += arguments(signature, names, direction: nil, indent: arg)
                text += inner + "</signal>\n"
            }
        }
        return text + indent + "</interface>\n"
    }

    private static func arguments(_ signature: String, _ names: [String], direction: String?, indent: String) -> String {
        var text = ""
        for (index, type) in completeTypes(signature).enumerated() {
            text += indent + "<arg type=\"\(type)\""
            if index < names.count { text += " name=\"\(names[index])\"" }
            if let direction { text += " direction=\"\(direction)\"" }
            text += "/>\n"
        }
        return text
    }

    /// A signature split into its complete types: "sas(dd)" → ["s", "as", "(dd)"].
    static func completeTypes(_ signature: String) -> [String] {
        var types: [String] = []
        var current = ""
        var depth = 0
        for character in signature {
            current.append(character)
            switch character {
            case "a": continue
            case "(", "{": depth += 1
            case ")", "}": depth -= 1
            default: break
            }
            if depth == 0 {
                types.append(current)
                current = ""
            }
        }
        return types
    }
}
