import CallError
import CLibc
import IIO
import OrientationCore
import Systemd

/// Reads that fail and buffers that cannot run: retried with back-off, re-armed once, then
/// read polled instead.
extension IIOSource {

    /// Reads fail (EIO, EOF, a node that vanished without a remove event): the sensor counts
    /// as unavailable while a retry with back-off tests it; it comes back by itself. Callers
    /// keep their references meanwhile. Logged once per episode.
    func readsFailed(_ reason: String) {
        reader?.stop()
        reader = nil
        guard let bound, !failing else { return }
        failing = true
        retryDelayUs = options.retryInitialUs
        report(Log.warning, "\(bound.sysname): \(reason); no accelerometer while reads fail, retrying")
        availabilityChanged?(false)
        scheduleRetry()
    }

    func scheduleRetry() {
        retry = loop.schedule(afterUs: retryDelayUs, "read retry") { [unowned(unsafe) self] in
            self.retry = nil
            self.retryRead()
        }
    }

    func retryRead() {
        guard let bound, failing else { return }
        do {
            _ = try RawReading.readOnce(sysname: bound.sysname)
        } catch {
            retryDelayUs = min(retryDelayUs * 2, options.retryMaxUs)
            scheduleRetry()
            return
        }
        failing = false
        // What answers may be the device added again after a remove nobody saw: its buffer
        // gets a fresh chance.
        stalls = 0
        report(Log.notice, "\(bound.sysname): reads work again")
        availabilityChanged?(true)
    }

    /// udev lists the device now (a fresh scan: sd-device caches what a `Device` read, so
    /// the bound one answers its attributes after the device has gone).
    func isListed(_ device: DiscoveredAccelerometer) -> Bool {
        binding.scan().contains { $0.syspath == device.syspath }
    }

    /// The bound device was added again while bound: it was removed and its remove event was
    /// not seen (a kernel drops uevents for a listener whose socket is full). The new device
    /// starts afresh: a buffer that stalled on the old one is tried again.
    func deviceAddedAgain() {
        guard let bound, stalls > 0 else { return }
        report(Log.notice, "\(bound.sysname): added again; reading its buffer afresh")
        stalls = 0
        guard let running = reader, let deliver, !running.isPaused else { return }
        running.stop()
        reader = nil
        do {
            try start(deliver: deliver)
        } catch {
            report(Log.error, "\(error)")
        }
    }

    /// The device is there but its buffer cannot run (a driver without an interrupt line
    /// registers no trigger: EINVAL): the raw attributes are read instead.
    func polledInstead(of error: CallError) throws(SourceError) {
        guard let bound, let deliver else { return }
        stalls = 2
        report(Log.warning, "\(bound.sysname): cannot run the buffer (\(error)); reading the raw attributes instead")
        try start(deliver: deliver)
    }

    /// The same, found after the buffered reader gave its first answer.
    func bufferCannotRun(_ error: CallError) {
        reader?.stop()
        reader = nil
        if let bound, !isListed(bound) { return readsFailed("\(error)") }
        do {
            try polledInstead(of: error)
        } catch {
            report(Log.error, "\(error)")
        }
    }

    /// The buffer delivers nothing though the device is present (a trigger that stopped, a
    /// driver that lost its interrupt): re-arm it once, then read the raw attributes instead.
    func bufferStalled() {
        guard let bound, let deliver else { return }
        stalls += 1
        reader?.stop()
        reader = nil
        if stalls == 1 {
            Log.warning("\(bound.sysname): the buffer delivers no scans; re-arming it")
        } else {
            Log.warning("\(bound.sysname): the buffer still delivers no scans; falling back to polled reads")
        }
        do {
            try start(deliver: deliver)
        } catch {
            report(Log.error, "\(error)")
        }
    }
}
