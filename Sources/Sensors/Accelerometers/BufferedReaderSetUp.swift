import CallError
import CLibc
import IIO
import OrientationCore
import Systemd

/// The device attributes a buffered read needs, saved first (DeviceCustody) and set.
extension BufferedReader {
    /// Everything `setUp` may change, saved before it changes (see DeviceCustody). The buffer
    /// itself is not: orientd always leaves it off.
    func rememberOriginals() {
        guard let custody else { return }
        var attributes = ["trigger/current_trigger", "sampling_frequency", "current_timestamp_clock", "buffer/length", "buffer/watermark"]
        for channel in channels + (timestamp.map { [$0] } ?? []) { attributes.append("scan_elements/in_\(channel.id)_en") }
        custody.remember(attributes.compactMap { attribute in (try? device.readAttribute(attribute)).map { (attribute, $0) } })
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
        if let hz = try? DecimalNumber.parseDouble(current), hz > 0 { samplePeriodUs = Int64(1_000_000 / hz) }
        guard let availableText = try? device.readAttribute("sampling_frequency_available") else { return }
        let available = availableText.utf8.split(separator: 0x20).compactMap { try? DecimalNumber.parseDouble(Substring($0)) }
            .filter { $0 > 0 }.sorted()
        guard let choice = available.first(where: { $0 >= options.preferredSamplingHz }) ?? available.last else { return }
        if let hz = try? DecimalNumber.parseDouble(current), hz == choice { return }
        do {
            try device.writeAttribute("sampling_frequency", formatHz(choice))
            samplePeriodUs = Int64(1_000_000 / choice)
            Log.debug("\(sysname): sampling frequency \(formatHz(choice)) Hz (was \(current))")
        } catch {
            Log.warning("\(sysname): cannot set sampling frequency \(formatHz(choice)): \(error), ignoring")
        }
    }

    func formatHz(_ hz: Double) -> String {
        hz == hz.rounded() ? String(Int(hz)) : String(hz)
    }
}
