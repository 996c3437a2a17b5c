import CLibc
import OrientationCore
import OrientdDaemon
import Systemd

switch Result(catching: { () throws(DaemonOptions.UsageError) in try DaemonOptions.parse((1..<Int(orientd_argc())).map { String(cString: orientd_argv()[$0]!) }) }) {
case .success(.help):
    print(DaemonOptions.usage)
case .success(.version):
    print("orientd \(Daemon.version) (\(OrientdVersion.toolchain))")
case .success(.introspect(let target)):
    exit(Daemon.introspect(target))
case .success(.generate(let directory)):
    exit(Daemon.generate(directory))
case .success(.run(let options)):
    orientd_memory_configure()
    exit(Daemon.run(options))
case .failure(let error):
    Log.error("orientd: \(error)\n\(DaemonOptions.usage)")
    exit(2)
}
