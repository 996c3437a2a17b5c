// Measures the classifier's cost per sample. Prints `name: value` lines.
//   swift run -c release classifier-bench [TRACE.csv ...]
// Without traces it runs a synthetic stream of poses, turns and shaking at 100 Hz.
import Glibc
import OrientationCore

func monotonicNs() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

func syntheticStream(count: Int) -> [Sample] {
    let poses = Orientation.poses.map { $0.gravityAxis! * standardGravity }
    var samples: [Sample] = []
    samples.reserveCapacity(count)
    for i in 0..<count {
        let segment = (i / 500) % poses.count            // a new pose every 5 s
        let shaking = (i / 250) % 4 == 3                  // shaken a quarter of the time
        let wobble = Double((i * 7919) % 101) / 100 - 0.5 // deterministic noise
        var g = poses[segment] + Vector3(wobble * 0.2, -wobble * 0.1, wobble * 0.15)
        if shaking { g = g + Vector3(wobble * 20, 0, 0) }
        samples.append(Sample(timeUs: Int64(i) * 10_000, gravity: g))
    }
    return samples
}

func readFile(_ path: String) -> String? {
    guard let f = fopen(path, "r") else { return nil }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buffer, 1, buffer.count, f)
        if n <= 0 { break }
        bytes.append(contentsOf: buffer[0..<n])
    }
    return String(decoding: bytes, as: UTF8.self)
}

func runBenchmark() {
    var streams: [(name: String, samples: [Sample])] = []
    let paths = CommandLine.arguments.dropFirst()
    if paths.isEmpty {
        streams.append(("synthetic", syntheticStream(count: 1_000_000)))
    } else {
        var all: [Sample] = []
        for path in paths {
            guard let text = readFile(path) else {
                print("classifier-bench: cannot read \(path)")
                exit(1)
            }
            do {
                all += try Trace.parse(text, source: path)
            } catch {
                print("classifier-bench: \(error)")
                exit(1)
            }
        }
        streams.append(("traces", all))
    }

    for (name, samples) in streams {
        var best = UInt64.max
        var changes = 0
        for _ in 0..<5 {
            var classifier = OrientationClassifier()
            var n = 0
            let start = monotonicNs()
            for sample in samples where classifier.process(sample) != nil { n += 1 }
            best = min(best, monotonicNs() - start)
            changes = n
        }
        print("classifier_\(name)_samples: \(samples.count)")
        print("classifier_\(name)_changes: \(changes)")
        print("classifier_\(name)_ns_per_sample: \(String(Double(best) / Double(samples.count)).prefix(6))")
    }
}

runBenchmark()
