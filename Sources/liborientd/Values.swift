import OrientdClient

// The numbers of orientd.h's enums. Orientations are numbered as UIDeviceOrientation is.

let orientationsByNumber: [Orientation] = [.unknown, .portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight, .faceUp, .faceDown]
let posturesByNumber: [Posture] = [.unknown, .closed, .laptop, .flat, .tent, .tablet]

let orientationNames: [StaticString] = ["unknown", "portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight", "faceUp", "faceDown"]
let postureNames: [StaticString] = ["unknown", "closed", "laptop", "flat", "tent", "tablet"]
/// By -code: 0 ok, then orientd.h's ORIENTD_E_* in order.
let errorMessages: [StaticString] = [
    "success", "invalid argument", "not available from this daemon", "nothing to end or release",
    "the daemon answered with an error", "system call failed",
]

extension Orientation {
    var number: Int32 { Int32(orientationsByNumber.firstIndex(of: self) ?? 0) }

    init?(number: Int32) {
        guard number >= 0, Int(number) < orientationsByNumber.count else { return nil }
        self = orientationsByNumber[Int(number)]
    }
}

extension Posture {
    var number: Int32 { Int32(posturesByNumber.firstIndex(of: self) ?? 0) }
}

/// A static C string of `table`, or nil outside it.
func cString(_ table: [StaticString], _ index: Int32) -> UnsafePointer<CChar>? {
    guard index >= 0, Int(index) < table.count else { return nil }
    return UnsafeRawPointer(table[Int(index)].utf8Start).assumingMemoryBound(to: CChar.self)
}
