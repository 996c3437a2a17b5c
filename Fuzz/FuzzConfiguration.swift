// libFuzzer target: reading an accelerometer's configuration from arbitrary sysfs attributes
// and udev properties (lines `name=value`; names starting with a capital are udev properties).
// Properties: an accepted configuration has positive finite scales and finite offsets, and
// converts any raw reading to finite values.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfiguration(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var attributes: [String: String] = [:]
    var properties: [String: String] = [:]
    for line in text.split(separator: "\n") {
        guard let eq = line.firstIndex(of: "=") else { continue }
        let key = String(line[..<eq]), value = String(line[line.index(after: eq)...])
        if key.first?.isUppercase == true { properties[key] = value } else { attributes[key] = value }
    }
    guard let c = try? AccelerometerConfiguration(name: "fuzz", property: { properties[$0] }, attribute: { attributes[$0] })
    else { return 0 }
    for axis in c.axes {
        precondition(axis.scale > 0 && axis.scale.isFinite && axis.offset.isFinite, "bad calibration accepted")
    }
    _ = c.gravity(raw: (Int64.max, Int64.min, 0))
    return 0
}
