import CallError
import Systemd
import Testing

/// The udev fan-out: one monitor per subsystem whoever watches it, closed with its last
/// watcher, and safe against handlers that cancel or watch while an event is delivered.
@Suite struct DeviceWatchersTests {
    /// Monitors as `DeviceWatchers` opens them: `send` plays the kernel's uevent to one.
    final class FakeMonitors {
        final class Monitor: Cancellable {
            let subsystem: String
            let deliver: DeviceWatchers.Handler
            var cancelled = false
            init(_ subsystem: String, _ deliver: @escaping DeviceWatchers.Handler) {
                self.subsystem = subsystem
                self.deliver = deliver
            }
            func cancel() { cancelled = true }
        }

        private(set) var opened: [Monitor] = []
        var open: [String] { opened.filter { !$0.cancelled }.map { $0.subsystem } }

        lazy var watchers = DeviceWatchers { [unowned self] subsystem, deliver throws(CallError) -> any Cancellable in
            let monitor = Monitor(subsystem, deliver)
            opened.append(monitor)
            return monitor
        }

        func send(_ action: String, subsystem: String, syspath: String) {
            for monitor in opened where monitor.subsystem == subsystem && !monitor.cancelled { monitor.deliver(action, syspath) }
        }
    }

    @Test func everyWatcherOfASubsystemSharesOneMonitor() throws {
        let monitors = FakeMonitors()
        var heard: [String] = []
        let handles = try (0..<7).map { index in
            try monitors.watchers.watch(subsystem: "iio") { action, syspath in heard.append("\(index) \(action) \(syspath)") }
        }
        let input = try monitors.watchers.watch(subsystem: "input") { action, _ in heard.append("input \(action)") }
        #expect(monitors.opened.count == 2 && monitors.open == ["iio", "input"], "seven on iio, one monitor")
        #expect(monitors.watchers.subsystems == ["iio", "input"])

        monitors.send("add", subsystem: "iio", syspath: "/sys/x")
        #expect(heard == (0..<7).map { "\($0) add /sys/x" }, "each watcher once, in the order they came")
        heard = []
        monitors.send("remove", subsystem: "input", syspath: "/sys/y")
        #expect(heard == ["input remove"])
        withExtendedLifetime((handles, input)) {}
    }

    @Test func theLastWatcherGoneClosesTheMonitorAndANewOneOpensAnother() throws {
        let monitors = FakeMonitors()
        var first: (any Cancellable)? = try monitors.watchers.watch(subsystem: "iio") { _, _ in }
        let second = try monitors.watchers.watch(subsystem: "iio") { _, _ in }
        first = nil
        #expect(monitors.open == ["iio"] && monitors.watchers.watcherCount(subsystem: "iio") == 1, "released: one watcher left")
        second.cancel()
        #expect(monitors.open.isEmpty && monitors.watchers.subsystems.isEmpty, "the last cancel closes the monitor")
        second.cancel()
        #expect(monitors.opened.count == 1, "a second cancel changes nothing")

        var heard = 0
        let again = try monitors.watchers.watch(subsystem: "iio") { _, _ in heard += 1 }
        #expect(monitors.opened.count == 2 && monitors.open == ["iio"])
        monitors.send("add", subsystem: "iio", syspath: "/sys/x")
        #expect(heard == 1)
        withExtendedLifetime((first, again)) {}
    }

    @Test func aHandlerMayCancelItselfOthersOrWatchAgainDuringADelivery() throws {
        let monitors = FakeMonitors()
        var heard: [String] = []
        var handles: [String: any Cancellable] = [:]
        handles["a"] = try monitors.watchers.watch(subsystem: "iio") { action, _ in
            heard.append("a \(action)")
            handles["a"]?.cancel()  // itself
            handles["b"]?.cancel()  // one not yet called
            handles["c"] = try? monitors.watchers.watch(subsystem: "iio") { action, _ in heard.append("c \(action)") }
        }
        handles["b"] = try monitors.watchers.watch(subsystem: "iio") { action, _ in heard.append("b \(action)") }
        monitors.send("add", subsystem: "iio", syspath: "/sys/x")
        #expect(heard == ["a add"], "b was cancelled before its turn; c waits for the next event")
        monitors.send("change", subsystem: "iio", syspath: "/sys/x")
        #expect(heard == ["a add", "c change"])
        #expect(monitors.opened.count == 1 && monitors.watchers.watcherCount(subsystem: "iio") == 1)
    }

    @Test func theMonitorWhoseLastWatcherLeavesDuringADeliveryClosesAfterIt() throws {
        let monitors = FakeMonitors()
        var handle: (any Cancellable)?
        var later = 0
        handle = try monitors.watchers.watch(subsystem: "iio") { _, _ in
            handle = nil
            #expect(monitors.open == ["iio"], "not closed from inside its own delivery")
        }
        let other = try monitors.watchers.watch(subsystem: "iio") { _, _ in later += 1 }
        other.cancel()
        monitors.send("remove", subsystem: "iio", syspath: "/sys/x")
        #expect(handle == nil && monitors.open.isEmpty && later == 0, "closed once the delivery ended")
    }
}
