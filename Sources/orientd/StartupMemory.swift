import CLibc
import CSystemd

/// Start-up runs code all over the executable (option parsing, sysfs scans, D-Bus tables) that
/// a serving daemon no longer needs. Once the loop first idles (every start-up reply handled),
/// the heap's free pages and the executable's resident pages go back to the kernel
/// (`orientd_memory_release`); what runs afterwards is read in again as it runs. The same
/// happens after a sensor stops (`orientd_memory_release_soon`, CIIO's loader).
enum StartupMemory {
    /// A one-shot event at idle priority on the loop the daemon is about to run
    /// (`sd_event_default` is the one `EventLoop` takes): it fires when nothing else is pending.
    static func releaseWhenIdle() {
        var loop: OpaquePointer?
        // The reference is kept: the daemon's loop is this object.
        guard sd_event_default(&loop) >= 0, let loop else { return }
        var source: OpaquePointer?
        guard sd_event_add_defer(loop, &source, { _, _ in
            orientd_memory_release()
            return 0
        }, nil) >= 0, let source else { return }
        _ = sd_event_source_set_priority(source, Int64(SD_EVENT_PRIORITY_IDLE))
        _ = sd_event_source_set_enabled(source, Int32(SD_EVENT_ONESHOT))
        // Owned by the loop from here on.
        _ = sd_event_source_set_floating(source, 1)
        sd_event_source_unref(source)
        // A release asked for while a source was dispatched (a sensor stopped: CIIO's
        // loader) happens after it, once what that source freed is free.
        var post: OpaquePointer?
        guard sd_event_add_post(loop, &post, { _, _ in
            orientd_memory_release_if_requested()
            return 0
        }, nil) >= 0, let post else { return }
        _ = sd_event_source_set_floating(post, 1)
        sd_event_source_unref(post)
    }
}
