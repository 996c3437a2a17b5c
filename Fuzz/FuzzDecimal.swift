// libFuzzer target: the sysfs number parsers. Properties: accepted values are finite;
// integers print and parse back to themselves; whatever parses as an integer parses as the
// same decimal.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecimal(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let value = try? DecimalNumber.parseDouble(text) {
        precondition(value.isFinite, "non-finite accepted")
    }
    if let integer = try? DecimalNumber.parseInteger(text) {
        precondition((try? DecimalNumber.parseInteger(String(integer))) == integer, "integer round trip")
        if let value = try? DecimalNumber.parseDouble(text) {
            precondition(value == Double(integer), "integer and decimal disagree on \(text)")
        }
    }
    return 0
}
