import Foundation
import OrientationCore
import OrientdDaemon
import OrientdTestSupport
import Systemd
import Testing

/// CallerTracker in process: a real private dbus-daemon, the trackers exported on a server
/// connection that this thread pumps, and clients on a second thread (each a connection of
/// its own) making blocking calls.
@Suite struct CallerTrackerTests {
    final class Server {
        let bus: Bus
        let budget: CallerBudget
        var trackers: [String: CallerTracker] = [:]
        var changes: [String] = []
        var exports: [BusObjectExport] = []

        init(_ privateBus: PrivateBus, limits: CallerLimits, resources: [String], recursive: Bool = true) throws {
            bus = try Bus(.address(privateBus.address), description: "tracker-test")
            try bus.requestName("org.orientd.TrackerTest")
            budget = CallerBudget(limits: limits)
            var members: [BusMember] = []
            for resource in resources {
                let tracker = CallerTracker(bus: bus, resource: resource, recursive: recursive, budget: budget) {
                    [unowned self] caller in self.changes.append("\(resource) \(caller)")
                }
                trackers[resource] = tracker
                members.append(.method(name: "Take\(resource)") { (call) throws(BusError) in
                    try tracker.add(call)
                    try? call.replyEmpty()
                })
                members.append(.method(name: "Drop\(resource)") { (call) throws(BusError) in
                    guard tracker.remove(call) else { throw BusError(name: "org.orientd.Test.NotHeld", message: "none") }
                    try? call.replyEmpty()
                })
            }
            exports.append(try bus.export(path: "/t", interface: "org.orientd.TrackerTest", members: members))
        }

        /// Runs `clients` on another thread while this thread serves; returns the error name
        /// (or "ok") of every call the clients made, in order.
        func serve(_ clients: @escaping @Sendable (_ call: (Bus, String) -> String) throws -> Void, address: String) -> [String] {
            let results = Results()
            let thread = Thread {
                let call = { (bus: Bus, member: String) -> String in
                    do {
                        _ = try bus.call(destination: "org.orientd.TrackerTest", path: "/t",
                                         interface: "org.orientd.TrackerTest", member: member)
                        return "ok"
                    } catch let error as BusError {
                        return error.name.components(separatedBy: ".").last ?? error.name
                    } catch {
                        return "\(error)"
                    }
                }
                do {
                    try clients { bus, member in
                        let result = call(bus, member)
                        results.append(result)
                        return result
                    }
                } catch {
                    results.append("client failed: \(error)")
                }
                results.finish()
            }
            thread.start()
            while !results.finished { bus.pump(forUs: 5_000) }
            bus.pump(forUs: 50_000)  // what the clients' disconnections cause
            return results.values
        }
    }

    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        private var done = false
        func append(_ value: String) { lock.withLock { list.append(value) } }
        func finish() { lock.withLock { done = true } }
        var finished: Bool { lock.withLock { done } }
        var values: [String] { lock.withLock { list } }
    }

    @Test func referencesPerCallerAreBounded() throws {
        let privateBus = try PrivateBus()
        var limits = CallerLimits()
        limits.referencesPerCaller = 2
        let server = try Server(privateBus, limits: limits, resources: ["Begin"])
        let address = privateBus.address
        let results = server.serve({ call in
            let client = try Bus(.address(address), description: "client")
            for _ in 0..<3 { _ = call(client, "TakeBegin") }
            _ = call(client, "DropBegin")
            _ = call(client, "TakeBegin")
        }, address: address)
        #expect(results == ["ok", "ok", "LimitExceeded", "ok", "ok"])
    }

    @Test func callersOfOneResourceAreBounded() throws {
        let privateBus = try PrivateBus()
        var limits = CallerLimits()
        limits.callers = 2
        let server = try Server(privateBus, limits: limits, resources: ["Begin"])
        let address = privateBus.address
        let results = server.serve({ call in
            let clients = try (0..<3).map { _ in try Bus(.address(address), description: "client") }
            for client in clients { _ = call(client, "TakeBegin") }
        }, address: address)
        #expect(results == ["ok", "ok", "LimitExceeded"])
    }

    @Test func theBudgetCountsEveryResourceTogether() throws {
        let privateBus = try PrivateBus()
        var limits = CallerLimits()
        limits.trackedNames = 3
        let server = try Server(privateBus, limits: limits, resources: ["Begin", "Claim"])
        let address = privateBus.address
        let results = server.serve({ call in
            let first = try Bus(.address(address), description: "client")
            let second = try Bus(.address(address), description: "client")
            _ = call(first, "TakeBegin")
            _ = call(first, "TakeClaim")
            _ = call(second, "TakeBegin")
            _ = call(second, "TakeClaim")
            // Another reference of a caller already tracked costs no match rule.
            _ = call(first, "TakeBegin")
        }, address: address)
        #expect(results == ["ok", "ok", "ok", "LimitExceeded", "ok"])
        #expect(server.budget.tracked == 0)  // the clients left
    }

    @Test func aCallerLeavingTheBusIsReleasedByName() throws {
        let privateBus = try PrivateBus()
        let server = try Server(privateBus, limits: CallerLimits(), resources: ["Lock"], recursive: false)
        let address = privateBus.address
        let results = server.serve({ call in
            let stays = try Bus(.address(address), description: "stays")
            _ = call(stays, "TakeLock")
            do {
                let leaves = try Bus(.address(address), description: "leaves")
                _ = call(leaves, "TakeLock")
                _ = call(leaves, "TakeLock")  // not recursive: still one
            }
            // `leaves` is closed here; `stays` keeps its reference until the thread ends.
            usleep(100_000)
            _ = call(stays, "DropLock")
            _ = call(stays, "DropLock")
        }, address: address)
        #expect(results == ["ok", "ok", "ok", "ok", "NotHeld"])
        let tracker = try #require(server.trackers["Lock"])
        #expect(tracker.callers == 0)
        // Added: stays, leaves, leaves; left: leaves (by name); dropped: stays.
        #expect(server.changes.count == 5)
        #expect(Set(server.changes).count == 2)
    }
}
