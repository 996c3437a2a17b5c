import CallError
import CLibc
import IIO
import OrientationCore
import Systemd

/// What binding an accelerometer takes (custody, a fresh length scale) and what a change event
/// for it does (reconfigure); `binding` finds, follows and loses it.
extension IIOSource {

    /// Takes the selected accelerometer; false when it cannot be read.
    func take(_ candidate: DiscoveredAccelerometer) -> Bool {
        guard let configuration = candidate.configuration else { return false }
        // Reading changes device attributes (the buffer's set-up, the motion detector's
        // enable): the device is taken into custody, and what a crashed run left goes back.
        let hasDetector = !candidate.motionDetector.isEmpty
        let hasRate = candidate.device.attribute("sampling_frequency") != nil
        if candidate.isBuffered || hasDetector || hasRate {
            do {
                custody = try DeviceCustody(device: candidate.device, directory: options.runtimeDirectory)
            } catch {
                Log.error("\(candidate.sysname): \(error); not reading it")
                return false
            }
            restoreLeftovers(candidate)
        }
        lengthScale = SteadyLengthScale(scaleKnown: configuration.scaleKnown)
        loggedFoundScale = false
        for note in configuration.notes { report(Log.warning, "\(candidate.sysname): \(note)") }
        report(Log.info, "\(candidate.sysname) (\(configuration.name)): \(candidate.isBuffered ? "buffered" : "polled")\(hasDetector ? " with a motion detector" : ""), "
                 + "mount matrix \(configuration.mountMatrix) from \(configuration.mountMatrixSource), "
                 + "\(configuration.location.rawValue) (\(configuration.locationSource))")
        return true
    }

    /// Puts back what a run that did not end cleanly changed, and stops a buffer that nobody
    /// reads (this run holds the device's lock, so no other orientd owns it).
    /// The buffer goes off first: the kernel refuses (EBUSY) a new trigger, scan element,
    /// length or watermark, and many drivers a new sampling frequency, while it runs.
    func restoreLeftovers(_ candidate: DiscoveredAccelerometer) {
        guard let custody else { return }
        if candidate.device.attribute("buffer/enable") == "1" {
            report(Log.notice, "\(candidate.sysname): buffer was left enabled with no reader, disabling it")
            do {
                try candidate.device.setAttribute("buffer/enable", "0")
            } catch {
                report(Log.warning, "\(candidate.sysname): cannot disable its buffer: \(error)")
            }
        }
        let leftovers = custody.leftovers()
        if !leftovers.isEmpty {
            custody.adopt(leftovers)
            custody.restore()
            report(Log.notice, "\(candidate.sysname): restored the attributes a previous run left changed: "
                       + leftovers.map { "\($0.attribute)=\($0.value)" }.joined(separator: ", "))
        }
    }

    public func refresh() { reconfigure() }

    /// A `change` event for the bound sensor (an administrator edited hwdb and ran `udevadm
    /// trigger`): read its configuration again and apply it without dropping anyone's
    /// references; a reader that runs restarts with it.
    func reconfigure() {
        guard let bound, let old = bound.configuration else { return }
        guard let fresh = binding.scan().first(where: { $0.syspath == bound.syspath }),
              let new = fresh.configuration else {
            binding.lose("its configuration is refused after a change event")
            return
        }
        var changes: [String] = []
        if new.mountMatrix != old.mountMatrix {
            changes.append("mount matrix \(old.mountMatrix) -> \(new.mountMatrix) (\(new.mountMatrixSource))")
        }
        if new.location != old.location {
            changes.append("location \(old.location.rawValue) -> \(new.location.rawValue) (\(new.locationSource))")
        }
        if new.axes != old.axes { changes.append("scale or offset") }
        let supportedKey = Contract.Udev.supportedOrientations
        let supportedChanged = fresh.device.property(supportedKey) != bound.device.property(supportedKey)
        guard !changes.isEmpty else {
            if supportedChanged {
                // Only what the screen may take changed: the reader keeps running.
                Log.info("\(bound.sysname): udev \(supportedKey) changed")
                binding.bound = fresh
                configurationChanged?()
            } else {
                Log.debug("\(bound.sysname): change event, configuration unchanged")
            }
            return
        }
        if new.location != options.location && options.pin == nil {
            binding.lose("now a \(new.location.rawValue) accelerometer (\(new.locationSource))")
            return
        }
        Log.info("\(bound.sysname): configuration changed: \(changes.joined(separator: ", ")); applied")
        binding.bound = fresh
        if new.axes != old.axes { lengthScale = SteadyLengthScale(scaleKnown: new.scaleKnown) }
        if supportedChanged { configurationChanged?() }
        guard let running = reader, let deliver else { return }
        running.stop()
        reader = nil
        // A paused reader starts with the new configuration when it is wanted again.
        if running.isPaused { return }
        do {
            try start(deliver: deliver)
        } catch {
            report(Log.error, "\(error)")
        }
    }

    func report(_ write: (String) -> Void, _ message: String) {
        hotplugLog.log(write, message, now: loop.now)
    }

    /// The sensor is gone (remove uevent, refused, or reads failing): what read it goes.
    func dropReading() {
        reader?.stop()
        reader = nil
        oneShot = nil
        lastBufferOneShot = nil
        custody = nil
        failing = false
        retry = nil
        stalls = 0
    }
}
