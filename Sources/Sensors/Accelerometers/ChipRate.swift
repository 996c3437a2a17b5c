import OrientationCore
import Systemd

/// The chip's sampling frequency while a polled reader runs (SamplingRate chooses it): the
/// original goes into custody before the write, and back at stop.
enum ChipRate {
    static func apply(_ device: any SysfsDevice, sysname: String, custody: DeviceCustody?, preferredHz: Double) {
        guard let custody, let current = try? device.readAttribute("sampling_frequency") else { return }
        let available = try? device.readAttribute("sampling_frequency_available")
        guard let choice = SamplingRate.choose(currentHz: try? DecimalNumber.parseDouble(current), available: available,
                                               preferredHz: preferredHz) else { return }
        custody.remember("sampling_frequency", original: current)
        do {
            try device.setAttribute("sampling_frequency", SamplingRate.format(choice))
            Log.debug("\(sysname): sampling frequency \(SamplingRate.format(choice)) Hz (was \(current))")
        } catch {
            custody.forget(["sampling_frequency"])
            Log.warning("\(sysname): cannot set sampling frequency \(SamplingRate.format(choice)): \(error), ignoring")
        }
    }
}
