import Testing
import OrientationCore
@testable import PostureCore

@Suite struct PostureTraceTests {
    @Test func parsesRowsHeaderAndComments() throws {
        let text = "t_ms,dx,dy,dz,bx,by,bz\n# comment\n\n10,0,-9.2,-3.3,0,0,9.8\r\n20, 0.1 ,-9.2,-3.3,0,0,9.8e0\n"
        let rows = try PostureTrace.parse(text, source: "t.csv")
        #expect(rows == [
            PostureTrace.Row(timeUs: 10_000, display: Vector3(0, -9.2, -3.3), base: Vector3(0, 0, 9.8)),
            PostureTrace.Row(timeUs: 20_000, display: Vector3(0.1, -9.2, -3.3), base: Vector3(0, 0, 9.8)),
        ])
    }

    @Test("malformed lines name the file and the line", arguments: [
        ("t_ms,x,y,z\n", 1, "unexpected header"),
        ("10,0,0,9.8,0,0\n", 1, "expected 7 fields"),
        ("10,0,0,9.8,0,0,9.8\n20,0,0,9,8,0,0,9.8\n", 2, "expected 7 fields"),
        ("10,0,0,9.8,0,0,9.8\n20,0,0,nan,0,0,9.8\n", 2, "not a decimal number"),
        ("10,0,0,9.8,0,0,9.8\n5,0,0,9.8,0,0,9.8\n", 2, "time goes backwards"),
        ("1.5,0,0,9.8,0,0,9.8\n", 1, "not an integer"),
    ])
    func malformed(text: String, line: Int, reason: String) {
        do {
            _ = try PostureTrace.parse(text, source: "bad.csv")
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.source == "bad.csv")
            #expect(error.line == line)
            #expect(error.description.hasPrefix("bad.csv:\(line): "))
            #expect(error.reason.contains(reason), "\(error.reason)")
        }
    }

    @Test func logLines() {
        #expect(PostureTrace.logLine(PostureUpdate(timeUs: 1_234_567, posture: .tent, previousPosture: .flat, hingeAngle: 287.46)) == "1234,tent,287.5")
        #expect(PostureTrace.logLine(PostureUpdate(timeUs: 5_000, posture: .laptop, previousPosture: .unknown, hingeAngle: nil)) == "5,laptop,-1")
        #expect(PostureTrace.logLine(PostureUpdate(timeUs: 0, posture: .tablet, previousPosture: .tent, hingeAngle: 360)) == "0,tablet,360.0")
    }
}
