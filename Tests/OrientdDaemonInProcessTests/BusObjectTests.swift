import OrientdTestSupport
import CallError
import Systemd
import Testing

/// An export that sd-bus refuses must fail cleanly and free its table once (scripts/asan
/// runs this under the address sanitizer, which reports a double free).
@Suite struct BusObjectTests {
    @Test func aRefusedExportThrowsAndFreesOnce() throws {
        let privateBus = try PrivateBus()
        let bus = try Bus(.address(privateBus.address), description: "export-test")
        let members: [BusMember] = [.property(name: "P", signature: "b", emitsChange: false) { .bool(true) }]
        let first = try bus.export(path: "/o", interface: "org.orientd.Test", members: members)
        for _ in 0..<3 {
            #expect(throws: CallError.self) {
                _ = try bus.export(path: "/o", interface: "org.orientd.Test", members: members)
            }
        }
        withExtendedLifetime(first) {}
    }

    /// PropertiesChanged carries the value the emitter gives, not what the getter says.
    @Test func propertiesChangedCarriesTheAnnouncedValue() throws {
        let privateBus = try PrivateBus()
        let emitter = try Bus(.address(privateBus.address), description: "emitter")
        let listener = try Bus(.address(privateBus.address), description: "listener")
        let export = try emitter.export(path: "/o", interface: "org.orientd.Test", members: [
            .property(name: "P", signature: "b", emitsChange: true) { .bool(false) },
        ])
        var seen: [(interface: String, value: Bool?, invalidated: Bool)] = []
        let match = try listener.addMatch("type='signal',path='/o',member='PropertiesChanged'") { message in
            if let change = try? message.readPropertiesChanged(bool: "P") { seen.append(change) }
        }
        listener.pump(forUs: 50_000)
        emitter.announce(path: "/o", interface: "org.orientd.Test", [(name: "P", value: .bool(true))])
        emitter.pump(forUs: 50_000)
        for _ in 0..<40 where seen.isEmpty { listener.pump(forUs: 50_000) }
        #expect(seen.count == 1)
        #expect(seen.first?.interface == "org.orientd.Test")
        #expect(seen.first?.value == true, "the announced value, not the getter's false")
        #expect(seen.first?.invalidated == false)
        withExtendedLifetime((export, match)) {}
    }
}
