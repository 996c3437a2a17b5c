import CallError
import CLibc
import IIO
import OrientationCore
import Systemd

/// Which accelerometer is bound: found at start and on udev events, taken into custody,
/// reconfigured on change events, lost on remove.
extension IIOSource {

    func bind(_ candidate: DiscoveredAccelerometer?) {
        guard let candidate, let configuration = candidate.configuration else { return }
        // Reading changes device attributes (the buffer's set-up, the motion detector's
        // enable): the device is taken into custody, and what a crashed run left goes back.
        let hasDetector = !candidate.motionDetector.isEmpty
        let hasRate = candidate.device.attribute("sampling_frequency") != nil
        if candidate.isBuffered || hasDetector || hasRate {
            do {
                custody = try DeviceCustody(sysname: candidate.sysname, directory: options.runtimeDirectory)
            } catch {
                Log.error("\(candidate.sysname): \(error); not reading it")
                return
            }
            restoreLeftovers(candidate)
        }
        bound = candidate
        lengthScale = SteadyLengthScale(scaleKnown: configuration.scaleKnown)
        loggedFoundScale = false
        for note in configuration.notes { report(Log.warning, "\(candidate.sysname): \(note)") }
        report(Log.info, "\(candidate.sysname) (\(configuration.name)): \(candidate.isBuffered ? "buffered" : "polled")\(hasDetector ? " with a motion detector" : ""), "
                 + "mount matrix \(configuration.mountMatrix) from \(configuration.mountMatrixSource), "
                 + "\(configuration.location.rawValue) (\(configuration.locationSource))")
    }

    /// Puts back what a run that did not end cleanly changed, and stops a buffer that nobody
    /// reads (this run holds the device's lock, so no other orientd owns it).
    /// The buffer goes off first: the kernel refuses (EBUSY) a new trigger, scan element,
    /// length or watermark, and many drivers a new sampling frequency, while it runs.
    func restoreLeftovers(_ candidate: DiscoveredAccelerometer) {
        guard let custody else { return }
        if candidate.device.attribute("buffer/enable") == "1" {
            report(Log.notice, "\(candidate.sysname): buffer was left enabled with no reader, disabling it")
            _ = write(candidate, "buffer/enable", "0")
        }
        let leftovers = custody.leftovers()
        if !leftovers.isEmpty {
            custody.adopt(leftovers)
            custody.restore { attribute, value in write(candidate, attribute, value) }
            report(Log.notice, "\(candidate.sysname): restored the attributes a previous run left changed: "
                       + leftovers.map { "\($0.attribute)=\($0.value)" }.joined(separator: ", "))
        }
    }

    func write(_ candidate: DiscoveredAccelerometer, _ attribute: String, _ value: String) -> Bool {
        do {
            try candidate.device.setAttribute(attribute, value)
            return true
        } catch {
            report(Log.warning, "\(candidate.sysname): cannot restore \(attribute)=\(value): \(error)")
            return false
        }
    }

    func deviceEvent(_ action: String, _ syspath: String) {
        switch action {
        case "remove":
            if syspath == bound?.syspath { lose("removed") }
        case "change" where syspath == bound?.syspath:
            reconfigure()
        case "add" where syspath == bound?.syspath:
            deviceAddedAgain()
        case "add", "change", "bind":
            guard bound == nil else { return }
            // Re-read from udev: the event itself may not carry the udev database properties.
            bind(AccelerometerDiscovery.select(scan(), pin: options.pin, location: options.location, report: report))
            if bound != nil { availabilityChanged?(true) }
        default:
            break
        }
    }

    public func refresh() { reconfigure() }

    /// A `change` event for the bound sensor (an administrator edited hwdb and ran `udevadm
    /// trigger`): read its configuration again and apply it without dropping anyone's
    /// references; a reader that runs restarts with it.
    func reconfigure() {
        guard let bound, let old = bound.configuration else { return }
        guard let fresh = scan().first(where: { $0.syspath == bound.syspath }),
              let new = fresh.configuration else {
            lose("its configuration is refused after a change event")
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
                self.bound = fresh
                configurationChanged?()
            } else {
                Log.debug("\(bound.sysname): change event, configuration unchanged")
            }
            return
        }
        if new.location != options.location && options.pin == nil {
            lose("now a \(new.location.rawValue) accelerometer (\(new.locationSource))")
            return
        }
        Log.info("\(bound.sysname): configuration changed: \(changes.joined(separator: ", ")); applied")
        self.bound = fresh
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

    /// The sensor is gone (remove uevent, or reads failing): stop and tell the hub.
    func lose(_ reason: String) {
        guard let bound else { return }
        report(Log.warning, "\(bound.sysname): \(reason); no accelerometer until one appears")
        reader?.stop()
        reader = nil
        self.bound = nil
        oneShot = nil
        lastBufferOneShot = nil
        custody = nil
        failing = false
        retry = nil
        stalls = 0
        availabilityChanged?(false)
    }
}
