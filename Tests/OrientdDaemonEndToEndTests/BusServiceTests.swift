import Foundation
import Glibc
import OrientationCore
import Systemd
import OrientdTestSupport
import Testing

/// End to end: a private dbus-daemon, the real orientd binary replaying a trace, an sd-bus
/// client and busctl.
@Suite(.serialized) struct BusServiceTests {
    static let steadyTrace = poseTrace([(.portrait, 600_000)])

    func startDaemon(_ bus: PrivateBus, _ extra: [String] = [], trace: String = steadyTrace.text) throws -> OrientdProcess {
        let file = bus.directory.write("trace.csv", trace)
        return try OrientdProcess(bus: bus, arguments: ["--source", "replay:\(file)"] + extra)
    }

    @Test func nestedBeginEndOnOneConnection() throws {
        let bus = try PrivateBus()
        let daemon = try startDaemon(bus)
        let client = try bus.client()
        #expect(try client.bool("IsGeneratingNotifications") == false)
        for _ in 0..<3 { #expect(try client.begin() == "portrait") }
        #expect(try client.bool("IsGeneratingNotifications"))
        try client.end()
        try client.end()
        #expect(try client.bool("IsGeneratingNotifications"), "one reference is still held")
        try client.end()
        #expect(try client.bool("IsGeneratingNotifications") == false)
        #expect(client.errorName { try $0.end() } == "org.orientd.Orientation1.Error.NotGenerating")
        // The sensor stops after SensorDemand's linger.
        #expect(eventually { daemon.child.stderr.contains("source replay:") && daemon.child.stderr.contains("stopped") })
    }

    @Test func twoConnectionsCountSeparately() throws {
        let bus = try PrivateBus()
        let daemon = try startDaemon(bus)
        let a = try bus.client(), b = try bus.client()
        _ = try a.begin()
        _ = try b.begin()
        try a.end()
        #expect(try a.bool("IsGeneratingNotifications"), "b still holds a reference")
        // a has none left: its End is an error and does not take b's reference.
        #expect(a.errorName { try $0.end() } == "org.orientd.Orientation1.Error.NotGenerating")
        #expect(try b.bool("IsGeneratingNotifications"))
        try b.end()
        #expect(try a.bool("IsGeneratingNotifications") == false)
        withExtendedLifetime(daemon) {}
    }

    @Test func killedClientLosesAllReferences() throws {
        let bus = try PrivateBus()
        let daemon = try startDaemon(bus)
        // A separate process holding three nested references, killed without End.
        let holder = try Child("/usr/bin/python3", ["-c", """
            import dbus, sys, time
            bus = dbus.bus.BusConnection(sys.argv[1])
            obj = bus.get_object('org.orientd.Orientation1', '/org/orientd/Orientation1')
            for _ in range(3):
                obj.BeginGeneratingNotifications(dbus_interface='org.orientd.Orientation1')
            print('held', flush=True)
            time.sleep(60)
            """, bus.address], in: bus.directory, name: "holder")
        let client = try bus.client()
        #expect(eventually { holder.stdout.contains("held") }, "holder: \(holder.stderr)")
        #expect(try client.bool("IsGeneratingNotifications"))
        holder.signal(SIGKILL)
        let killedAt = monotonicUs()
        #expect(try eventually(within: 1) { try client.bool("IsGeneratingNotifications") == false })
        let stoppedAfterMs = (monotonicUs() - killedAt) / 1000
        #expect(stoppedAfterMs < 1000)
        #expect(eventually { daemon.child.stderr.contains("stopped") })
    }

    @Test func endWithoutBeginIsAnError() throws {
        let bus = try PrivateBus()
        let daemon = try startDaemon(bus)
        let client = try bus.client()
        #expect(client.errorName { try $0.end() } == "org.orientd.Orientation1.Error.NotGenerating")
        let busctl = try run("/usr/bin/busctl", ["--address=\(bus.address)", "call", Names.busName, Names.objectPath,
                                                 Names.interface, "EndGeneratingNotifications"])
        #expect(busctl.status != 0)
        #expect(busctl.err.contains("holds no BeginGeneratingNotifications reference"))
        #expect(try client.bool("IsGeneratingNotifications") == false)
        withExtendedLifetime(daemon) {}
    }

    @Test func limitsAreEnforcedAndChangeNothingElse() throws {
        let bus = try PrivateBus()
        let daemon = try startDaemon(bus, ["--max-references-per-caller", "3", "--max-callers", "2"])
        let a = try bus.client(), b = try bus.client(), c = try bus.client()
        for _ in 0..<3 { _ = try a.begin() }
        #expect(a.errorName { _ = try $0.begin() } == "org.orientd.Orientation1.Error.LimitExceeded")
        // The refused Begin added no reference: three Ends empty the caller.
        for _ in 0..<3 { try a.end() }
        #expect(a.errorName { try $0.end() } == "org.orientd.Orientation1.Error.NotGenerating")
        #expect(try a.bool("IsGeneratingNotifications") == false)

        _ = try a.begin()
        _ = try b.begin()
        #expect(c.errorName { _ = try $0.begin() } == "org.orientd.Orientation1.Error.LimitExceeded")
        #expect(c.errorName { try $0.end() } == "org.orientd.Orientation1.Error.NotGenerating")
        // A caller already tracked may still nest.
        _ = try b.begin()
        try a.end()
        #expect(try c.begin() == "portrait", "a place was freed")
        withExtendedLifetime(daemon) {}
    }

    @Test func beginAnswersWithTheFirstRealOrientation() throws {
        let bus = try PrivateBus()
        let daemon = try startDaemon(bus, trace: poseTrace([(.landscapeRight, 600_000)]).text)
        let client = try bus.client()
        let start = monotonicUs()
        #expect(try client.begin() == "landscapeRight")
        // A real answer, well before the one-second fallback.
        #expect(monotonicUs() - start < 900_000)
        #expect(try client.string("Orientation") == "landscapeRight")
        #expect(try client.string("ScreenOrientation") == "landscapeRight")
        withExtendedLifetime(daemon) {}
    }

    @Test func withoutASensorBeginAnswersUnknownAtOnce() throws {
        let bus = try PrivateBus()
        let daemon = try OrientdProcess(bus: bus, arguments: ["--source", "none"])
        let client = try bus.client()
        #expect(try client.bool("HasAccelerometer") == false)
        #expect(try client.string("Orientation") == "unknown")
        #expect(try client.begin() == "unknown")
        #expect(try client.bool("IsGeneratingNotifications"))
        try client.end()
        withExtendedLifetime(daemon) {}
    }

    @Test func idleReadIsAFreshOneShotReading() throws {
        let bus = try PrivateBus()
        // Starts in faceDown: nobody has begun, yet a read reports the sensor's pose.
        let daemon = try startDaemon(bus, trace: poseTrace([(.faceDown, 600_000)]).text)
        let client = try bus.client()
        #expect(try client.bool("IsGeneratingNotifications") == false)
        #expect(try client.string("Orientation") == "faceDown")
        let busctl = try run("/usr/bin/busctl", ["--address=\(bus.address)", "get-property", Names.busName, Names.objectPath,
                                                 Names.interface, "Orientation"])
        #expect(busctl.out == "s \"faceDown\"\n")
        withExtendedLifetime(daemon) {}
    }

    @Test func signalsFollowTheTraceInOrder() throws {
        let trace = poseTrace([(.portrait, 1500), (.landscapeLeft, 1500), (.faceUp, 1500), (.portraitUpsideDown, 1500),
                               (.faceDown, 1500), (.landscapeRight, 1500)])
        var offline = OrientationClassifier()
        let expected = offline.process(trace.samples).map(\.orientation)
        #expect(expected == [.portrait, .landscapeLeft, .faceUp, .portraitUpsideDown, .faceDown, .landscapeRight])

        let bus = try PrivateBus()
        let daemon = try startDaemon(bus, ["--source", "replay:\(bus.directory.write("t.csv", trace.text)),speed=3"])
        let listener = try bus.client()
        var events: [String] = []
        let rule = "type='signal',sender='\(Names.busName)',path='\(Names.objectPath)'"
        let match = try listener.bus.addMatch(rule) { message in
            if message.member == "OrientationDidChange", let args = try? message.readStrings() {
                events.append("signal \(args[0]) \(args[1])")
            } else if message.member == "PropertiesChanged" {
                events.append("properties")
            }
        }
        listener.bus.pump(forUs: 100_000)
        let client = try bus.client()
        #expect(try client.begin() == "portrait")
        listener.bus.pump(forUs: 3_500_000)
        withExtendedLifetime(match) {}

        let signals = events.filter { $0.hasPrefix("signal") }
        var previous = "unknown"
        var expectedSignals: [String] = []
        for o in expected {
            expectedSignals.append("signal \(o.rawValue) \(previous)")
            previous = o.rawValue
        }
        #expect(signals == expectedSignals)
        // Every OrientationDidChange follows its PropertiesChanged.
        for (i, event) in events.enumerated() where event.hasPrefix("signal") {
            #expect(i > 0 && events[i - 1] == "properties", "\(events)")
        }
        // ScreenOrientation keeps the last edge-up pose through faceUp/faceDown.
        #expect(try client.string("ScreenOrientation") == "landscapeRight")
        withExtendedLifetime(daemon) {}
    }

    @Test func screenOrientationIgnoresFacePoses() throws {
        let trace = poseTrace([(.landscapeLeft, 1000), (.faceUp, 600_000)])
        let bus = try PrivateBus()
        let daemon = try startDaemon(bus, trace: trace.text)
        let client = try bus.client()
        _ = try client.begin()
        #expect(try eventually(within: 3) { try client.string("Orientation") == "faceUp" })
        #expect(try client.string("ScreenOrientation") == "landscapeLeft")
        withExtendedLifetime(daemon) {}
    }

    @Test func introspectionMatchesTheInterfaceFile() throws {
        let bus = try PrivateBus()
        let daemon = try startDaemon(bus)
        let live = try run("/usr/bin/busctl", ["--address=\(bus.address)", "introspect", "--xml-interface", Names.busName, Names.objectPath])
        #expect(live.status == 0)
        let file = try String(contentsOfFile: Paths.packageRoot + "/dbus/org.orientd.Orientation1.xml", encoding: .utf8)
        func interfaceElement(_ xml: String) -> String {
            guard let start = xml.range(of: "<interface name=\"org.orientd.Orientation1\">"),
                  let end = xml.range(of: "</interface>", range: start.upperBound..<xml.endIndex) else { return "" }
            return xml[start.lowerBound..<end.upperBound].split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        #expect(!interfaceElement(file).isEmpty)
        #expect(interfaceElement(live.out) == interfaceElement(file))
        withExtendedLifetime(daemon) {}
    }

    @Test func sigtermWhileGeneratingExitsZero() throws {
        let bus = try PrivateBus()
        let daemon = try startDaemon(bus)
        let client = try bus.client()
        _ = try client.begin()
        daemon.child.signal(SIGTERM)
        #expect(daemon.child.exitStatus() == 0)
        #expect(daemon.child.stderr.contains("SIGTERM: stopping"))
    }

    @Test func secondDaemonOnTheSameNameFailsCleanly() throws {
        let bus = try PrivateBus()
        let first = try startDaemon(bus)
        let second = try OrientdProcess(bus: bus, arguments: ["--source", "none"], waitForName: false)
        #expect(second.child.exitStatus() == 1)
        #expect(second.child.stderr.contains("bus name org.orientd.Orientation1 is already owned by another process"))
        #expect(try bus.client().bool("HasAccelerometer"), "the first daemon keeps serving")
        withExtendedLifetime(first) {}
    }

    @Test func startupFailuresArePrecise() throws {
        let directory = TemporaryDirectory()
        let bad = directory.write("bad.csv", "t_ms,x,y,z\n0,1,2,3\n20,1,x,3\n")
        let badTrace = try run(Paths.orientd, ["--bus", "unix:path=/nonexistent", "--source", "replay:\(bad)"])
        #expect(badTrace.status == 1)
        #expect(badTrace.err.contains("\(bad):3: \"x\": not a decimal number"))
        let missing = try run(Paths.orientd, ["--source", "replay:\(directory.path)/missing.csv"])
        #expect(missing.status == 1 && missing.err.contains("cannot open trace"))
        let noBus = try run(Paths.orientd, ["--bus", "unix:path=\(directory.path)/nobus", "--source", "none"])
        #expect(noBus.status == 1 && noBus.err.contains("cannot connect to the bus"))
        let usage = try run(Paths.orientd, ["--frobnicate"])
        #expect(usage.status == 2 && usage.err.contains("unknown argument \"--frobnicate\""))
    }

    @Test func orientctlTalksToTheDaemon() throws {
        let bus = try PrivateBus()
        let trace = poseTrace([(.portrait, 1000), (.landscapeLeft, 600_000)])
        let daemon = try startDaemon(bus, trace: trace.text)
        let status = try run(Paths.orientctl, ["status", "--bus", bus.address, "--json"])
        #expect(status.status == 0)
        #expect(status.out.contains("\"IsGeneratingNotifications\": false") && status.out.contains("\"HasAccelerometer\": true"))
        let monitor = try run(Paths.orientctl, ["monitor", "--bus", bus.address, "--count", "1"])
        #expect(monitor.status == 0, "\(monitor.err)")
        let lines = monitor.out.split(separator: "\n").map { $0.split(separator: " ").last.map(String.init) ?? "" }
        #expect(lines == ["portrait", "landscapeLeft"])
        // monitor ended its Begin on exit.
        #expect(try eventually { try bus.client().bool("IsGeneratingNotifications") == false })
        let get = try run(Paths.orientctl, ["get", "--bus", bus.address])
        #expect(get.out == "landscapeLeft\n")
        withExtendedLifetime(daemon) {}
    }
}
