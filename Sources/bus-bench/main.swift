// Measures orientd on a private bus and prints `name: value` lines:
// - signal latency: from the moment the deciding sample is replayed to the moment a client
//   receives OrientationDidChange (the classifier's own settling is not included: it is
//   already in the sample's trace time);
// - Begin → reply time for a fresh start of the sensor;
// - VmRSS idle and while generating.
// Uses the orientd found in $ORIENTD_BIN_DIR (scripts/bench-bus builds the release binary
// with the static Swift standard library there).
import Foundation
import Glibc
import OrientationCore
import OrientdTestSupport
import Systemd

func percentile(_ values: [Double], _ q: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let k = Double(sorted.count - 1) * q
    let lo = Int(k.rounded(.down)), hi = Int(k.rounded(.up))
    return sorted[lo] + (sorted[hi] - sorted[lo]) * (k - Double(lo))
}

func format(_ v: Double) -> String { String(format: "%.3f", v) }

func vmRSSKiB(_ pid: Int32) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return -1 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? -1
    }
    return -1
}

/// Proportional set size: shared library pages divided among the processes mapping them.
func pssKiB(_ pid: Int32) -> Int {
    guard let rollup = try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8) else { return -1 }
    for line in rollup.split(separator: "\n") where line.hasPrefix("Pss:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? -1
    }
    return -1
}

func signalLatency() throws {
    let speed = 4.0
    let poses: [Orientation] = [.portrait, .landscapeLeft, .portraitUpsideDown, .landscapeRight, .faceUp, .faceDown]
    var plan: [(Orientation, Int)] = []
    for i in 0..<41 { plan.append((poses[i % poses.count], 1500)) }
    plan.append((.portrait, 5_000))
    let trace = poseTrace(plan)
    var offline = OrientationClassifier()
    let expected = offline.process(trace.samples)

    let bus = try PrivateBus()
    let file = bus.directory.write("trace.csv", trace.text)
    let daemon = try OrientdProcess(bus: bus, arguments: ["--source", "replay:\(file),speed=\(speed)"])
    let pid = daemon.child.process.processIdentifier
    usleep(300_000)
    print("vmrss_idle_kib: \(vmRSSKiB(pid))")
    print("pss_idle_kib: \(pssKiB(pid))")

    let listener = try bus.client()
    var received: [(String, UInt64)] = []
    let match = try listener.bus.addMatch("type='signal',sender='\(Names.busName)',member='OrientationDidChange'") { message in
        let now = monotonicUs()
        if let args = try? message.readStrings() { received.append((args[0], now)) }
    }
    listener.bus.pump(forUs: 50_000)
    let client = try bus.client()
    _ = try client.begin()
    var rssGenerating = 0
    let playUs = UInt64(Double(expected.last!.timeUs) / speed) + 500_000
    let start = monotonicUs()
    while monotonicUs() - start < playUs {
        listener.bus.pump(forUs: 200_000)
        rssGenerating = max(rssGenerating, vmRSSKiB(pid))
    }
    withExtendedLifetime(match) {}
    print("vmrss_generating_kib: \(rssGenerating)")

    guard let originLine = daemon.child.stderr.split(separator: "\n").first(where: { $0.contains("replay: origin ") }),
          let origin = Int64(originLine.split(separator: " ")[2]) else {
        throw HarnessError("no replay origin in the daemon log")
    }
    guard received.map(\.0) == expected.map(\.orientation.rawValue) else {
        throw HarnessError("signals \(received.map(\.0)) differ from the offline classifier \(expected.map(\.orientation.rawValue))")
    }
    let latenciesMs = zip(expected, received).map { change, signal in
        (Double(signal.1) - (Double(origin) + Double(change.timeUs) / speed)) / 1000
    }
    print("signal_changes: \(latenciesMs.count)")
    print("signal_latency_median_ms: \(format(percentile(latenciesMs, 0.5)))")
    print("signal_latency_p95_ms: \(format(percentile(latenciesMs, 0.95)))")
    print("signal_latency_max_ms: \(format(latenciesMs.max() ?? .nan))")
}

func beginReply() throws {
    let bus = try PrivateBus()
    let file = bus.directory.write("trace.csv", poseTrace([(.landscapeLeft, 120_000)]).text)
    let daemon = try OrientdProcess(bus: bus, arguments: ["--source", "replay:\(file)"])
    let client = try bus.client()
    var timesMs: [Double] = []
    for _ in 0..<20 {
        let t0 = monotonicUs()
        let answer = try client.begin()
        timesMs.append(Double(monotonicUs() - t0) / 1000)
        guard answer == "landscapeLeft" else { throw HarnessError("Begin answered \(answer)") }
        try client.end()
        usleep(50_000)
    }
    print("begin_reply_median_ms: \(format(percentile(timesMs, 0.5)))")
    print("begin_reply_p95_ms: \(format(percentile(timesMs, 0.95)))")
    withExtendedLifetime(daemon) {}
}

do {
    print("orientd_binary: \(Paths.orientd)")
    try signalLatency()
    try beginReply()
} catch {
    FileHandle.standardError.write(Data("bus-bench: \(error)\n".utf8))
    exit(1)
}
