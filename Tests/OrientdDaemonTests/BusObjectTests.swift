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
}
