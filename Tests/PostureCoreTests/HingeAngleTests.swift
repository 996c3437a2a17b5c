import Glibc
import Testing
import OrientationCore
@testable import PostureCore

/// Base poses with the hinge axis horizontal enough to measure: the §1 edge-up and face poses
/// whose gravity lies across the hinge, and tilted ones up to 50° of hinge elevation.
let measurableBasePoses: [(String, Vector3)] = [
    ("keyboard up (on a table)", PairedMotion.gravity(0, 0, 1)),
    ("keyboard down", PairedMotion.gravity(0, 0, -1)),
    ("front edge down", PairedMotion.gravity(0, -1, 0)),
    ("hinge edge down", PairedMotion.gravity(0, 1, 0)),
    ("on a lap, tilted 12°", PairedMotion.gravity(0, sin(12 * .pi / 180), cos(12 * .pi / 180))),
    ("hinge 30° up", PairedMotion.gravity(0.577, -0.7, 0.7)),
    ("hinge 50° up", PairedMotion.gravity(-1.19, 0.5, -0.866)),
]

/// Base poses with the hinge axis within 25° of vertical: a laptop stood on its side, a tablet
/// held in landscape.
let verticalBasePoses: [(String, Vector3)] = [
    ("right side down", PairedMotion.gravity(1, 0, 0)),
    ("left side down", PairedMotion.gravity(-1, 0, 0)),
    ("landscape tilted back 20°", PairedMotion.gravity(-cos(20 * .pi / 180), 0, -sin(20 * .pi / 180))),
]

@Suite struct HingeGeometryTests {
    @Test("the raw angle is θ mod 360 at every 15° in every measurable pose", arguments: measurableBasePoses.map(\.0))
    func rawAngle(pose: String) {
        let base = measurableBasePoses.first { $0.0 == pose }!.1
        for step in 0...24 {
            let theta = Double(step * 15)
            let raw = HingeGeometry.rawAngleDegrees(display: PairedMotion.display(base: base, theta: theta), base: base)
            let expected = theta.truncatingRemainder(dividingBy: 360)
            let error = min(abs(raw - expected), 360 - abs(raw - expected))
            #expect(error < 1e-9, "\(pose) at \(theta)°: \(raw)")
        }
    }

    @Test func atan2MatchesLibm() {
        var worst = 0.0
        for i in 0..<2000 {
            let a = Double(i) * 0.0031415 * 1.7
            for r in [1e-3, 1.0, 9.8, 1e4] {
                let y = r * sin(a), x = r * cos(a) * (i % 3 == 0 ? -1 : 1)
                worst = max(worst, abs(HingeGeometry.atan2Degrees(y, x) - atan2(y, x) * 180 / .pi))
            }
        }
        #expect(worst < 1e-9)
        #expect(HingeGeometry.atan2Degrees(0, -1) == 180)
        #expect(HingeGeometry.atan2Degrees(-1, 0) == -90)
    }

    @Test func wrapEndsOnlyNearTheWrap() {
        #expect(HingeGeometry.wrapEnds(raw: 3, wrapZone: 20).map { $0 == (3, 360) } == true)
        #expect(HingeGeometry.wrapEnds(raw: 357, wrapZone: 20).map { $0 == (0, 357) } == true)
        // Away from the wrap the raw angle is the only hinge position.
        #expect(HingeGeometry.wrapEnds(raw: 110, wrapZone: 20) == nil)
        #expect(HingeGeometry.wrapEnds(raw: 250, wrapZone: 20) == nil)
    }

    @Test func hingeElevation() {
        #expect(abs(HingeGeometry.hingeElevationDegrees(PairedMotion.gravity(1, 0, 0)) - 90) < 1e-9)
        #expect(abs(HingeGeometry.hingeElevationDegrees(PairedMotion.gravity(0, -1, 1))) < 1e-9)
        #expect(abs(HingeGeometry.hingeElevationDegrees(PairedMotion.gravity(1, 1, 0)) - 45) < 1e-9)
    }
}

@Suite struct TrackedAngleTests {
    /// From 180° (unambiguous) the hinge is turned in 15° steps to 0° and to 360°; every step
    /// is held 900 ms (the low-pass and the settle time). The tracked angle must be θ, 0° and 360° included (continuity).
    @Test("the tracked angle at every 15° from 0 to 360 in every measurable pose",
          arguments: measurableBasePoses.map(\.0), [10.0, 50.0, 100.0])
    func everyFifteenDegrees(pose: String, rateHz: Double) {
        let base = measurableBasePoses.first { $0.0 == pose }!.1
        for direction in [-1.0, 1.0] {
            var motion = PairedMotion(rateHz: rateHz)
            motion.hold(base: base, theta: 180, ms: 600)
            for step in 0...12 {
                let theta = 180 + direction * Double(step * 15)
                motion.sweep(base: base, from: theta - direction * 15, to: theta, ms: 100)
                motion.hold(base: base, theta: theta, ms: 900)
                let measured = motion.tracker.measuredAngle
                #expect(measured.map { abs($0 - theta) < 0.5 } == true, "\(pose) \(rateHz) Hz at \(theta)°: \(String(describing: measured))")
                let bands = PostureBands()
                // Well inside a band (more than the 6° hysteresis from its edges) the posture is that band's.
                if bands.nominal(theta - 7) == bands.nominal(theta + 7) {
                    #expect(motion.tracker.posture == bands.nominal(theta), "\(pose) at \(theta)°")
                }
            }
        }
    }

    @Test("no angle while the hinge axis is near vertical", arguments: verticalBasePoses.map(\.0))
    func verticalHinge(pose: String) {
        let base = verticalBasePoses.first { $0.0 == pose }!.1
        for theta in stride(from: 0.0, through: 360, by: 45) {
            var motion = PairedMotion()
            motion.hold(base: base, theta: theta, ms: 1000)
            #expect(motion.tracker.measuredAngle == nil)
            #expect(motion.tracker.unmeasurableReason == .hingeVertical)
            #expect(motion.tracker.posture == .unknown)
            #expect(motion.updates.isEmpty)
        }
    }
}
