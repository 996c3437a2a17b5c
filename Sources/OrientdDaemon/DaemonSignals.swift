import CallError
import CLibc
import Systemd

/// How signals end the daemon: SIGTERM and SIGINT stop it cleanly with exit 0; any other
/// signal that would end the process goes through the same clean stop and exits non-zero, so
/// that Restart=on-failure brings the service back. SIGHUP has nothing to reload (udev
/// properties are read when a device is bound); SIGPIPE is ignored (a reader that went away,
/// stderr a dead pipe or a client's socket, is an error on the write, not a reason to die
/// with the sensor running).
final class DaemonSignals {
    /// Stops the sensors (and the tablet-mode switch) before the loop ends.
    var stop: () -> Void = {}
    private var stopping = false
    private var handlers: [EventSource] = []

    private static let failing: [(Int32, String)] = [
        (SIGUSR1, "SIGUSR1"), (SIGUSR2, "SIGUSR2"), (SIGALRM, "SIGALRM"), (SIGQUIT, "SIGQUIT"),
        (SIGVTALRM, "SIGVTALRM"), (SIGXCPU, "SIGXCPU"), (SIGXFSZ, "SIGXFSZ"),
    ]

    init(loop: any SignalHandling) throws(CallError) {
        loop.ignore(SIGPIPE)
        for (number, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")] + Self.failing {
            let code: Int32 = number == SIGTERM || number == SIGINT ? 0 : 1
            handlers.append(try loop.addSignal(number) { [unowned(unsafe) self, unowned(unsafe) loop] in
                self.shutdown(name, code, loop)
            })
        }
        handlers.append(try loop.addSignal(SIGHUP) { Log.info("SIGHUP: nothing to reload, ignoring") })
    }

    deinit { for handler in handlers { handler.cancel() } }

    private func shutdown(_ signal: String, _ code: Int32, _ loop: any SignalHandling) {
        guard !stopping else { return }
        stopping = true
        Log.info(code == 0 ? "\(signal): stopping" : "\(signal): unexpected signal, stopping cleanly (exit \(code))")
        ServiceManager.notify("STOPPING=1")
        stop()
        loop.exit(code)
    }
}
