import OrientationCore
import Systemd

/// A missing or wrong scale (docs/sensor-inputs.md, "No scale, or a wrong one"): readings pass
/// `SteadyLengthScale`, and what it finds is logged once per binding.
extension IIOSource {
    /// A streamed reading brought to the length of g, or nil while an unknown scale is not
    /// found yet.
    func steadyScaled(_ reading: Vector3) -> Vector3? {
        let result = lengthScale.scale(reading)
        if result.found, let bound, let length = lengthScale.foundLength, let factor = lengthScale.factor {
            foundScale(bound, length: length, factor: factor)
        }
        return result.reading
    }

    func oneShotScaled(_ reading: Vector3) throws(SourceError) -> Vector3 {
        guard let scaled = lengthScale.scaleOneShot(reading) else {
            throw SourceError("\(bound?.sysname ?? "iio"): a reading of length 0 without a scale is no direction")
        }
        return scaled
    }

    private func foundScale(_ bound: DiscoveredAccelerometer, length: Double, factor: Double) {
        guard let configuration = bound.configuration else { return }
        let stated = configuration.scaleKnown ? "\(configuration.scaleSources[0]) \(configuration.axes[0].scale)" : "no scale (1)"
        let message = "\(bound.sysname): steady readings have length \(length) m/s² with \(stated); "
            + "a scale of \(configuration.axes[0].scale * factor) would give g: readings scaled by \(factor), orientation by direction"
        if loggedFoundScale {
            Log.debug(message)
        } else {
            loggedFoundScale = true
            report(Log.notice, message)
        }
    }
}
