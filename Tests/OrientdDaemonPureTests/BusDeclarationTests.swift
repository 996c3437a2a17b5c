import OrientationCore
import Sensors
@testable import OrientdDaemon
@testable import Systemd
import Testing

/// The introspection files come from the declarations alone: signatures split into arguments,
/// names and directions where sd-bus puts them, a child object nested in its parent's file,
/// and the daemon's table serving each path and bus name it declares.
@Suite struct BusDeclarationTests {
    final class Owner {}

    @Test(arguments: [("", [String]()), ("s", ["s"]), ("ddd", ["d", "d", "d"]), ("sas", ["s", "as"]),
                      ("a{sv}(dd)aas", ["a{sv}", "(dd)", "aas"])])
    func aSignatureSplitsIntoCompleteTypes(signature: String, types: [String]) {
        #expect(BusIntrospection.completeTypes(signature) == types)
    }

    @Test func anInterfaceIsWrittenAsSdBusIntrospectsIt() {
        let interface = BusInterface<Owner>("org.orientd.Test", [
            .method(name: "Set", signature: "sd", result: "b", inNames: ["key", "value"], outNames: ["changed"]) { _, _ throws(BusError) in },
            .property(name: "Level", signature: "d", emitsChange: false) { _ in .double(0) },
            .signal(name: "Moved", signature: "s", names: ["to"]),
        ])
        #expect(BusIntrospection.element(interface, indent: " ") == """
             <interface name="org.orientd.Test">
              <method name="Set">
               <arg type="s" name="key" direction="in"/>
               <arg type="d" name="value" direction="in"/>
               <arg type="b" name="changed" direction="out"/>
              </method>
              <property name="Level" type="d" access="read">
               <annotation name="org.freedesktop.DBus.Property.EmitsChangedSignal" value="false"/>
              </property>
              <signal name="Moved">
               <arg type="s" name="to"/>
              </signal>
             </interface>

            """)
    }

    @Test func aChildInterfaceIsANodeInItsParentsFile() {
        let table = [
            BusObjectDeclaration<Owner>(busName: "org.orientd.T", path: "/o", interfaces: [BusInterface("org.orientd.T", notes: "  T.", [])]),
            BusObjectDeclaration<Owner>(busName: "org.orientd.T", path: "/o/Child", interfaces: [BusInterface("org.orientd.T.Child", [])]),
            BusObjectDeclaration<Owner>(busName: "org.orientd.T", path: "/o", interfaces: [BusInterface("org.orientd.Other", [])]),
        ]
        let files = BusIntrospection.files(table)
        #expect(files.map(\.name) == ["org.orientd.T.xml", "org.orientd.Other.xml"])
        #expect(files[0].text.hasSuffix("""
            <!--
              T.
            -->
            <node>
             <interface name="org.orientd.T">
             </interface>
             <node name="Child">
              <interface name="org.orientd.T.Child">
              </interface>
             </node>
            </node>

            """))
        #expect(!files[1].text.contains("<!--"), "no notes, no comment")
    }

    @Test func theDaemonDeclaresEachInterfaceOnceOnItsContractPath() {
        let declared = DaemonObjects.table.flatMap { object in object.interfaces.map { ($0.name, object.path, object.busName) } }
        // Each catalogued sensor kind: an object of its own on orientd's bus name, after the rest.
        let catalogue = SensorKindCatalogue.entries
        #expect(declared.map(\.0) == [Contract.Orientation1.interface, Contract.Posture1.interface,
                                      Contract.SensorProxy.interface, Contract.SensorProxy.compassInterface]
                + catalogue.map(\.interface))
        #expect(declared.map(\.1) == [Contract.Orientation1.objectPath, Contract.Posture1.objectPath,
                                      Contract.SensorProxy.objectPath, Contract.SensorProxy.compassPath]
                + catalogue.map(\.objectPath))
        #expect(declared.map(\.2) == [Contract.Orientation1.busName, Contract.Orientation1.busName,
                                      Contract.SensorProxy.busName, Contract.SensorProxy.busName]
                + catalogue.map { _ in Contract.Orientation1.busName })
        #expect(BusIntrospection.files(DaemonObjects.table).map(\.name)
                == ["org.orientd.Orientation1.xml", "org.orientd.Posture1.xml", "net.hadess.SensorProxy.xml"]
                + catalogue.map { $0.interface + ".xml" })
    }
}
