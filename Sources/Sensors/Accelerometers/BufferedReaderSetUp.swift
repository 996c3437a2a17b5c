import CallError
import CLibc
import IIO
import OrientationCore
import Systemd

/// The device attributes a buffered read needs, saved first (DeviceCustody) and set.
extension BufferedReader {
    /// Everything `setUp` may change, saved before it changes (see DeviceCustody).
    func rememberOriginals() {
        custody?.remember(session.changedAttributes(settings: ["sampling_frequency", "current_timestamp_clock"]), of: device)
    }

    /// Scan timestamps follow CLOCK_REALTIME unless `current_timestamp_clock` says otherwise,
    /// and the wall clock steps (NTP, the RTC read after resume, an administrator). The
    /// monotonic clock never steps; the original clock is put back on stop. (A step that still
    /// arrives counts as a gap in the classifier: filters restart, the pose stays.)
    func useMonotonicTimestamps() {
        guard timestamp != nil, let clock = try? device.readAttribute("current_timestamp_clock"), clock != "monotonic" else { return }
        do {
            try device.writeAttribute("current_timestamp_clock", "monotonic")
            Log.debug("\(sysname): scan timestamps on the monotonic clock (was \(clock))")
        } catch {
            Log.warning("\(sysname): cannot set current_timestamp_clock to monotonic: \(error), ignoring")
        }
    }

    func chooseSamplingFrequency() {
        guard let current = try? device.readAttribute("sampling_frequency") else { return }
        let currentHz = try? DecimalNumber.parseDouble(current)
        if let hz = currentHz, hz > 0 { samplePeriodUs = Int64(1_000_000 / hz) }
        guard let choice = SamplingRate.choose(currentHz: currentHz, available: try? device.readAttribute("sampling_frequency_available"),
                                               preferredHz: options.preferredSamplingHz) else { return }
        do {
            try device.writeAttribute("sampling_frequency", formatHz(choice))
            samplePeriodUs = Int64(1_000_000 / choice)
            Log.debug("\(sysname): sampling frequency \(formatHz(choice)) Hz (was \(current))")
        } catch {
            Log.warning("\(sysname): cannot set sampling frequency \(formatHz(choice)): \(error), ignoring")
        }
    }

    func formatHz(_ hz: Double) -> String { SamplingRate.format(hz) }
}

extension DeviceCustody {
    /// Notes the values `attributes` have now (the ones that answer), before a reader changes them.
    func remember(_ attributes: [String], of device: IIODevice) {
        remember(attributes.compactMap { attribute in (try? device.readAttribute(attribute)).map { (attribute, $0) } })
    }
}

extension ScanSession {
    /// An accelerometer's three axes, then its timestamp when `timestamp` and the device has one.
    convenience init(accelerometer sysname: String, _ configuration: AccelerometerConfiguration, timestamp: Bool) throws(CallError) {
        try self.init(sysname: sysname) { device throws(CallError) in
            try AccelerometerConfiguration.axisNames.map { axis throws(CallError) in try ScanSession.element(device, "\(configuration.channelPrefix)_\(axis)", of: sysname) }
                + (timestamp ? device.channel("timestamp").flatMap { $0.isScanElement ? [$0] : nil } ?? [] : [])
        }
    }
}
