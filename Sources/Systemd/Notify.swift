import CSystemd

/// sd_notify(3): READY=1, STATUS=…, STOPPING=1 for the service manager. A no-op outside
/// systemd (no $NOTIFY_SOCKET).
public enum ServiceManager {
    public static func notify(_ state: String) {
        _ = orientd_notify(state)
    }
}
