// libFuzzer target: the mount-matrix parser. Properties: an accepted matrix has finite,
// non-zero rows, and its printed form parses back to the same matrix.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMountMatrix(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let matrix = try? MountMatrix(parsing: text) else { return 0 }
    for row in [matrix.rows.0, matrix.rows.1, matrix.rows.2] {
        precondition(row.isFinite && row != .zero, "bad row accepted")
    }
    let r = matrix.rows
    let determinant = r.0.dot(Vector3(r.1.y * r.2.z - r.1.z * r.2.y, r.1.z * r.2.x - r.1.x * r.2.z, r.1.x * r.2.y - r.1.y * r.2.x))
    precondition(abs(abs(determinant) - 1) <= MountMatrix.determinantTolerance, "a matrix that is not a rotation was accepted")
    let again = try? MountMatrix(parsing: matrix.description)
    precondition(again == matrix, "round trip failed for \(matrix)")
    return 0
}
