import CallError
import CLibc
import IIO
import OrientationCore
import Systemd

/// What the accelerometer adds to its buffer's `ScanStream`: each scan as it arrives while
/// the device moves, batches at rest, a motion event that brings the batch at once, and a
/// probe when the stream falls silent.
extension BufferedReader {
    /// The chip says the device moves: read the batch now (unless fast batches already run,
    /// or the stream is silent and its first scan wakes the loop anyway), then fast batches
    /// until it rests.
    func motionDetected() {
        guard !stopped, !isPaused else { return }
        let now = loop.now
        let alreadyFast = movement.isMoving(at: now)
        movement.detectorFired(at: now)
        guard !alreadyFast, let stream, stream.isPaced else { return }
        Log.debug("motion: reading now")
        stream.readNow()
    }

    /// After a batch: while moving, each scan as the kernel hands it over (a timer at the
    /// sampling period would sometimes wake just before a scan and wait a whole period more
    /// for it); at rest a batch per rest interval.
    func pacing() -> ScanStream.Pacing {
        if movement.isMoving(at: loop.now) { return .whenReadable }
        return .after(motion?.isOn == true ? options.motionRestIntervalUs : options.batchIntervalUs)
    }

    /// Silence counts from the last scan, not the last wake-up: a node that polls readable
    /// but gives nothing (EAGAIN) is as silent as one that never wakes.
    func waiting() {
        if silenceTimer == nil { watchSilence(afterUs: Self.silenceUs) }
    }

    /// A triggered buffer delivers at its sampling rate (50 scans in a second at the rate
    /// orientd picks); a second without scans means the sensor may be gone without an error
    /// on the node (libiio holds the node open, and a vanished device can leave it silent), or
    /// its trigger stopped. Probe the device's sysfs directory then, every 200 ms while the
    /// silence lasts; failed probes count toward `failureLimit` with the failed reads; a
    /// device still present is reported as stalled (IIOSource re-arms the buffer, then falls
    /// back to polled reads).
    static let silenceUs: UInt64 = 1_000_000
    static let probeUs: UInt64 = 200_000

    func watchSilence(afterUs delay: UInt64) {
        silenceTimer = loop.schedule(afterUs: delay, "silence") { [unowned(unsafe) self] in
            self.silenceTimer = nil
            self.probe()
        }
    }

    func probe() {
        guard !stopped, let stream else { return }
        do {
            _ = try device.readAttribute("buffer/enable")
            stream.failures = 0
            stalled()
        } catch {
            stream.failures += 1
            if stream.failures >= options.failureLimit {
                lost("no scans, and \(stream.failures) probes failed in a row (\(error))")
                return
            }
            watchSilence(afterUs: Self.probeUs)
        }
    }

    /// One batch of scans, oldest first: axes, then the timestamp when there is one.
    func take(_ scans: [[Int64]]) {
        silenceTimer?.cancel()
        silenceTimer = nil
        let now = Int64(loop.now)
        for (index, values) in scans.enumerated() {
            let stampNs = values.count > 3 ? values[3] : nil
            // The kernel's timestamp when there is one; otherwise spread the batch back from
            // now at the sampling period, so the classifier's time windows stay right.
            var timeUs = stampNs.map { $0 / 1000 } ?? now - Int64(scans.count - 1 - index) * samplePeriodUs
            if timeUs <= lastSampleUs && stampNs == nil { timeUs = lastSampleUs + 1 }
            lastSampleUs = timeUs
            let gravity = configuration.gravity(raw: (values[0], values[1], values[2]))
            if movement.note(gravity, at: UInt64(now)) { motion?.readingMoved() }
            deliver(Sample(timeUs: timeUs, gravity: gravity))
            if stopped { return }
        }
    }
}
