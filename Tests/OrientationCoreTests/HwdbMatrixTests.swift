import Glibc
import OrientationCore
import Testing

/// Every ACCEL_MOUNT_MATRIX of the installed systemd hwdb through orientd's parser: all are
/// accepted but the two singular ones Debian 12's file holds.
@Suite struct HwdbMatrixTests {
    static let hwdb = "/usr/lib/udev/hwdb.d/60-sensor.hwdb"

    static func matrices() -> [String]? {
        guard let file = fopen(hwdb, "r") else { return nil }
        defer { fclose(file) }
        var found: [String] = []
        var line = [CChar](repeating: 0, count: 4096)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard text.first(where: { $0 != " " }) != "#" else { continue }  // the file's own documentation
            let parts = text.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].hasSuffix("ACCEL_MOUNT_MATRIX") else { continue }
            var value = String(parts[1])
            while let last = value.last, last == "\n" || last == " " { value.removeLast() }
            found.append(value)
        }
        return found
    }

    @Test func onlyTheSingularMatricesAreRefused() throws {
        // scripts/install-deps installs udev, which ships the file; a test that cannot read it
        // proves nothing, so it fails.
        let all = try #require(Self.matrices(), "\(Self.hwdb) is not installed (package udev)")
        #expect(all.count > 150)
        let refused = all.filter { text in (try? MountMatrix(parsing: text)) == nil }
        let squeezed = refused.map { $0.filter { $0 != " " } }
        #expect(squeezed.sorted() == ["0,1,0;-1,0,0;-1,0,0", "1,0,0;0,-1,0;1,0,0"], "refused: \(refused)")
    }
}
