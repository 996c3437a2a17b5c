// libFuzzer target: the trace reader, then the classifier over whatever it accepted.
// Properties: accepted samples are finite and in time order; the classifier never traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let samples = try? Trace.parse(text, source: "fuzz") else { return 0 }
    var previous = Int64.min
    for sample in samples {
        precondition(sample.gravity.isFinite, "non-finite sample accepted")
        precondition(sample.timeUs >= previous, "time went backwards")
        previous = sample.timeUs
    }
    var classifier = OrientationClassifier()
    for sample in samples { _ = classifier.process(sample) }
    return 0
}
