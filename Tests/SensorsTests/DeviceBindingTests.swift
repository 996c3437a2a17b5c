import OrientdTestSupport
import Testing
@testable import Sensors

/// The one monitor/bind/lose pattern every kind is followed by, and what a kind declares
/// beyond it (its selection, what binding takes, a change or add of the bound device).
@Suite struct DeviceBindingTests {
    struct Node: BindableDevice, Equatable {
        let sysname: String
        var syspath: String { "/sys/devices/\(sysname)" }
        var usable = true
    }

    /// What udev lists now.
    final class Listing { var nodes: [Node] = [] }

    final class Rig {
        let timers = ManualTimers()
        let listing = Listing()
        var listed: [Node] { get { listing.nodes } set { listing.nodes = newValue } }
        var events: [String] = []
        let binding: DeviceBinding<Node>

        init(_ listed: [Node], declare: (DeviceBinding<Node>, Rig) -> Void = { _, _ in }) {
            listing.nodes = listed
            binding = DeviceBinding(absence: "test sensor", scan: { [listing] in listing.nodes })
            binding.changed = { [unowned self] in events.append($0 ? "bound" : "lost") }
            declare(binding, self)
            binding.watch(DeviceBinding<Node>.udev(timers, ["iio"], role: "test"))
        }

        func uevent(_ action: String, _ node: Node) { timers.uevent(action, subsystem: "iio", syspath: node.syspath) }
    }

    @Test func theFirstListedDeviceIsBoundAndARemoveOfItLosesIt() {
        let a = Node(sysname: "a"), b = Node(sysname: "b")
        let rig = Rig([])
        #expect(rig.binding.bound == nil)
        rig.listed = [a, b]
        rig.uevent("add", a)
        #expect(rig.binding.bound == a && rig.events == ["bound"])
        rig.uevent("remove", b)
        #expect(rig.binding.bound == a, "a device not bound goes unnoticed")
        rig.listed = [b]
        rig.uevent("remove", a)
        #expect(rig.binding.bound == nil && rig.events == ["bound", "lost"])
        rig.uevent("bind", b)
        #expect(rig.binding.bound == b && rig.events == ["bound", "lost", "bound"])
    }

    @Test func aKindSelectsAndAcceptsItsOwnDevice() {
        let a = Node(sysname: "a"), b = Node(sysname: "b"), c = Node(sysname: "c")
        let rig = Rig([a, b, c]) { binding, rig in
            binding.select = { $0.last }
            binding.accept = { $0 != c }
        }
        #expect(rig.binding.bound == nil, "the selected device could not be taken")
        rig.listed = [a, b]
        rig.uevent("change", b)
        #expect(rig.binding.bound == b && rig.events == ["bound"])
    }

    @Test func aChangeOrAddOfTheBoundDeviceGoesToTheKind() {
        let a = Node(sysname: "a")
        let rig = Rig([a]) { binding, rig in
            binding.boundChanged = { rig.events.append("changed") }
            binding.boundAddedAgain = { rig.events.append("added again") }
        }
        rig.uevent("change", a)
        rig.uevent("add", a)
        rig.uevent("bind", a)
        #expect(rig.events == ["changed", "added again"])
        #expect(rig.binding.bound == a)
    }

    @Test func withoutDeclarationsAChangeOrAddOfTheBoundDeviceIsNothing() {
        let a = Node(sysname: "a")
        let rig = Rig([a])
        rig.uevent("change", a)
        rig.uevent("add", a)
        #expect(rig.events.isEmpty && rig.binding.bound == a)
    }

    @Test func bindingAndLosingAreReportedThroughTheKindsLog() {
        let a = Node(sysname: "a")
        var reported: [String] = []
        let rig = Rig([a]) { binding, rig in
            binding.report = { _, message in reported.append(message) }
        }
        rig.binding.lose("reads failed")
        rig.binding.lose("again")
        #expect(reported == ["a: reads failed; no test sensor until one appears"], "lost once")
        #expect(rig.events == ["lost"])
    }
}
