import CallError
import CLibc
import IIO
import Systemd

/// The accelerometer's own motion detector, where the driver offers one as an IIO event:
/// the chip compares every sample with the previous ones in hardware and raises an
/// interrupt when the device moves, so the daemon can read seldom at rest and still hear of
/// a turn at once. Found as `events/in_accel[_x|_y|_z]_<type>_<direction>_en`, in this order:
/// - `roc_either`: slope (rate of change) detectors, Bosch BMC150/BMA2xx "any-motion";
/// - `thresh_either`: wake-up detectors on high-pass filtered data, Kionix KXCJK-1013;
/// - `mag_rising`: transient detectors on high-pass filtered data, NXP MMA8452/8453/8652.
/// Free-fall (`mag_falling`) and plain level thresholds are not motion and are left alone.
/// A detector that keeps firing while the readings rest (a threshold at the noise level) is
/// turned off after `spuriousMotionLimit` such events in a row, and the reader's timer takes
/// over. The threshold stays the driver's. What is enabled is noted in the device's custody, which
/// puts it back: when the detector is turned off, at the reader's stop, or after a crash. A
/// device not in custody has its detector left alone.
final class MotionInterrupt {
    /// Event kinds that mean "the device moves", best first.
    static let kinds = ["roc_either", "thresh_either", "mag_rising"]

    let attributes: [String]
    private let sysname: String
    private var fd: Int32
    private var watch: (any Cancellable)?
    private let onMotion: () -> Void
    private let custody: DeviceCustody
    private let spuriousLimit: Int
    /// Events in a row after which no reading moved.
    private var spurious = 0
    private var movedSinceEvent = true

    /// Enabled and watched: false once stopped or turned off.
    var isOn: Bool { fd >= 0 }

    /// The enable attributes of the first kind the device has, or [] when it has none.
    static func enableAttributes(of device: any SysfsDevice) -> [String] {
        for kind in kinds {
            let perAxis = ["x", "y", "z"].map { "events/in_accel_\($0)_\(kind)_en" }.filter { device.attribute($0) != nil }
            if !perAxis.isEmpty { return perAxis }
            let shared = "events/in_accel_\(kind)_en"
            if device.attribute(shared) != nil { return [shared] }
        }
        return []
    }

    /// Enables the detector of `device` whose enable attributes are `attributes`
    /// (`enableAttributes(of:)`) and watches its events; nil (logged at debug level) when there
    /// are none, the device is not in custody, or the detector cannot be used, and then nothing
    /// was changed. `chardev` is the open device node of a running buffer; without one the node
    /// is opened briefly.
    init?(device: any SysfsDevice, attributes: [String], chardev: Int32? = nil, custody: DeviceCustody?, loop: any Timers,
          options: ReaderOptions, onMotion: @escaping () -> Void) {
        guard let custody, !attributes.isEmpty else { return nil }
        (sysname, self.attributes, self.custody) = (device.sysname, attributes, custody)
        (spuriousLimit, self.onMotion, fd) = (options.spuriousMotionLimit, onMotion, -1)
        do throws(CallError) {
            fd = try device.openEvents(chardev: chardev)
            custody.remember(attributes.map { (attribute: $0, value: device.attribute($0) ?? "0") })
            for attribute in attributes { try device.setAttribute(attribute, "1") }
            watch = try loop.watch(fd: fd, events: UInt32(POLLIN)) { [unowned(unsafe) self] _ in self.fired() }
        } catch {
            Log.debug("\(sysname): motion events not used: \(error)")
            turnOff()
            return nil
        }
        Log.debug("\(sysname): motion events on (\(attributes.joined(separator: ", ")))")
    }

    /// Stops watching; the reader's stop puts the enable attributes back with the rest.
    deinit { close() }

    private func close() {
        watch?.cancel()
        watch = nil
        if fd >= 0 { CLibc.close(fd) }
        fd = -1
    }

    /// Stops watching and has the custody put the enable attributes back now (what cannot be
    /// put back stays in custody: the reader's stop or the next start puts it back).
    private func turnOff() {
        close()
        custody.restore(attributes)
    }

    /// The reader saw a reading move: the events so far were real.
    func readingMoved() { movedSinceEvent = true }

    private func fired() {
        guard let count = IIOEvents.drain(fd) else {
            Log.warning("\(sysname): the motion event descriptor failed; reading on the timer alone")
            turnOff()
            return
        }
        guard count > 0 else { return }
        spurious = movedSinceEvent ? 0 : spurious + 1
        movedSinceEvent = false
        if spurious >= spuriousLimit {
            Log.notice("\(sysname): motion events keep coming while the readings rest (a threshold at the noise level?); "
                       + "turning the detector off, reading on the timer")
            turnOff()
            return
        }
        onMotion()
    }
}
