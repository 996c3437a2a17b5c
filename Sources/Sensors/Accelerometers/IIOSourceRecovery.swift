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
        report(Log.notice, "\(bound.sysname): reads work again")
        availabilityChanged?(true)
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
        do {
            try polledInstead(of: error)
        } catch {
            Log.error("\(error)")
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
            Log.error("\(error)")
        }
    }
}
