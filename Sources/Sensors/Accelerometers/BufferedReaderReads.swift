import CallError
import CLibc
import IIO
import OrientationCore
import Systemd

/// The reads of a running buffer: woken by its poll fd, batches on a timer while scans keep
/// coming, each scan as it arrives while the device moves, a probe when it falls silent.
extension BufferedReader {
    /// The chip says the device moves: read the batch now (unless fast batches already run,
    /// or the stream is silent and its first scan wakes the loop anyway), then fast batches
    /// until it rests.
    func motionDetected() {
        guard !stopped, !isPaused else { return }
        let now = loop.now
        let alreadyFast = movement.isMoving(at: now)
        movement.detectorFired(at: now)
        guard !alreadyFast, let pending = batchTimer else { return }
        Log.debug("motion: reading now")
        pending.cancel()
        batchTimer = nil
        readBatch()
    }

    func waitForData() {
        do {
            watch = try loop.watch(fd: fd, events: UInt32(POLLIN)) { [unowned(unsafe) self] _ in
                self.watch?.cancel()
                self.watch = nil
                self.readBatch(wokenByData: true)
            }
            // Silence counts from the last scan, not the last wake-up: a node that polls
            // readable but gives nothing (EAGAIN) is as silent as one that never wakes.
            if silenceTimer == nil { watchSilence(afterUs: Self.silenceUs) }
        } catch {
            lost("cannot watch the buffer: \(error)")
        }
    }

    /// A triggered buffer delivers at its sampling rate (50 scans in a second at the rate
    /// orientd picks); a second without scans means the sensor may be gone without an error
    /// on the node (libiio holds the node open, and a vanished device can leave it silent), or
    /// its trigger stopped. Probe the device's sysfs directory then, every 200 ms while the
    /// silence lasts; failed probes count toward `failureLimit`; a device still present is
    /// reported as stalled (IIOSource re-arms the buffer, then falls back to polled reads).
    static let silenceUs: UInt64 = 1_000_000
    static let probeUs: UInt64 = 200_000

    func watchSilence(afterUs delay: UInt64) {
        silenceTimer = loop.schedule(afterUs: delay, "silence") { [unowned(unsafe) self] in
            self.silenceTimer = nil
            self.probe()
        }
    }

    func probe() {
        guard !stopped else { return }
        do {
            _ = try device.readAttribute("buffer/enable")
            failures = 0
            stalled()
        } catch {
            failures += 1
            if failures >= options.failureLimit {
                lost("no scans, and \(failures) probes failed in a row (\(error))")
                return
            }
            watchSilence(afterUs: Self.probeUs)
        }
    }

    /// Reads everything waiting; keeps reading on a timer while data keeps coming.
    /// `wokenByData`: the node polled readable. If it then had nothing (reads answer EAGAIN)
    /// the node is watched again only after a batch interval, or a level-triggered readable
    /// node would wake the loop without end.
    func readBatch(wokenByData: Bool = false) {
        guard !stopped, let buffer else { return }
        var scans = 0
        do {
            while true {
                let n = try buffer.refill()
                if n == 0 { break }
                scans += n
                if scans == n { silenceTimer?.cancel(); silenceTimer = nil }
                decode(buffer)
                if stopped { return }
                if n < Self.bufferScans { break }
            }
            failures = 0
        } catch {
            failures += 1
            if failures >= options.failureLimit {
                lost("\(failures) buffer reads failed in a row (\(error))")
                return
            }
        }
        if scans == 0 && failures == 0 && !wokenByData {
            waitForData()
            return
        }
        if scans == 0 && failures == 0 {
            batchTimer = loop.schedule(afterUs: options.batchIntervalUs, "batch") { [unowned(unsafe) self] in
                self.batchTimer = nil
                self.waitForData()
            }
            return
        }
        if movement.isMoving(at: loop.now) {
            // Each scan as the kernel hands it over: a timer at the sampling period would
            // sometimes wake just before a scan and wait a whole period more for it.
            waitForData()
            return
        }
        let rest = motion?.isOn == true ? options.motionRestIntervalUs : options.batchIntervalUs
        batchTimer = loop.schedule(afterUs: rest, "batch") { [unowned(unsafe) self] in
            self.batchTimer = nil
            self.readBatch()
        }
    }

    func decode(_ buffer: IIOBuffer) {
        let now = Int64(loop.now)
        var batch: [(raw: (Int64, Int64, Int64), stampNs: Int64?)] = []
        buffer.forEachScan(session.channels) { values in
            batch.append(((values[0], values[1], values[2]), values.count > 3 ? values[3] : nil))
        }
        for (index, scan) in batch.enumerated() {
            // The kernel's timestamp when there is one; otherwise spread the batch back from
            // now at the sampling period, so the classifier's time windows stay right.
            var timeUs = scan.stampNs.map { $0 / 1000 } ?? now - Int64(batch.count - 1 - index) * samplePeriodUs
            if timeUs <= lastSampleUs && scan.stampNs == nil { timeUs = lastSampleUs + 1 }
            lastSampleUs = timeUs
            let gravity = configuration.gravity(raw: scan.raw)
            if movement.note(gravity, at: UInt64(now)) { motion?.readingMoved() }
            deliver(Sample(timeUs: timeUs, gravity: gravity))
            if stopped { return }
        }
    }
}
