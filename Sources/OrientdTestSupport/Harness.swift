import Foundation
import Glibc
import OrientationCore
import Systemd

/// Shared by the end-to-end tests and the benchmarks: private buses, the real binaries,
/// sd-bus clients, generated traces.

/// Paths of the package and its debug build (swift build --build-tests builds the executables).
public enum Paths {
    public static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // Sources/OrientdTestSupport/Harness.swift
        return url.path
    }()
    public static var binaries: String {
        ProcessInfo.processInfo.environment["ORIENTD_BIN_DIR"] ?? packageRoot + "/.build/debug"
    }
    public static var orientd: String { binaries + "/orientd" }
    public static var orientctl: String { binaries + "/orientctl" }
}

public struct HarnessError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

public func monotonicUs() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000 + UInt64(ts.tv_nsec) / 1000
}

/// Polls `condition` until true or `seconds` pass.
public func eventually(within seconds: Double = 5, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = monotonicUs() + UInt64(seconds * 1_000_000)
    while monotonicUs() < deadline {
        if try condition() { return true }
        usleep(10_000)
    }
    return try condition()
}

public final class TemporaryDirectory {
    public let path: String
    public init() {
        var template = Array("/tmp/orientd-test-XXXXXX".utf8CString)
        path = String(cString: mkdtemp(&template)!)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    public func write(_ name: String, _ contents: String) -> String {
        let file = path + "/" + name
        FileManager.default.createFile(atPath: file, contents: Data(contents.utf8))
        return file
    }
}

/// A child process with its output in files, killed (SIGKILL) when released.
public final class Child {
    public let process = Process()
    public let stdoutPath: String
    public let stderrPath: String

    public init(_ executable: String, _ arguments: [String], in directory: TemporaryDirectory, name: String,
         environment: [String: String] = [:]) throws {
        stdoutPath = directory.path + "/\(name).out"
        stderrPath = directory.path + "/\(name).err"
        FileManager.default.createFile(atPath: stdoutPath, contents: nil)
        FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    public var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    public var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    public func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// Waits for exit; nil if still running after `seconds`.
    public func exitStatus(within seconds: Double = 5) -> Int32? {
        guard eventually(within: seconds, { !process.isRunning }) else { return nil }
        return process.terminationStatus
    }
}

/// Runs a command to completion: (status, stdout, stderr).
@discardableResult
public func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
    let directory = TemporaryDirectory()
    let child = try Child(executable, arguments, in: directory, name: "cmd")
    guard let status = child.exitStatus(within: 20) else { throw HarnessError("\(executable) \(arguments) did not finish") }
    return (status, child.stdout, child.stderr)
}

/// A private dbus-daemon that allows everything, on a socket of its own.
public final class PrivateBus {
    public let directory = TemporaryDirectory()
    public let address: String
    private let daemon: Child

    public init() throws {
        let config = directory.write("bus.conf", """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>system</type>
              <listen>unix:path=\(directory.path)/bus</listen>
              <policy context="default">
                <allow user="*"/><allow own="*"/>
                <allow send_type="method_call"/><allow send_type="signal"/>
                <allow send_requested_reply="true" send_type="method_return"/>
                <allow send_requested_reply="true" send_type="error"/>
                <allow receive_type="method_call"/><allow receive_type="method_return"/>
                <allow receive_type="error"/><allow receive_type="signal"/>
                <allow send_destination="org.freedesktop.DBus"/>
              </policy>
            </busconfig>
            """)
        let child = try Child("/usr/bin/dbus-daemon", ["--config-file=\(config)", "--nofork", "--print-address=1"],
                              in: directory, name: "dbus-daemon")
        daemon = child
        let socket = directory.path + "/bus"
        // dbus-daemon prints its address once it listens. The socket file exists from bind on,
        // and a client connecting before the listen is refused (seen under load): wait for the print.
        guard eventually(within: 20, { child.stdout.contains("unix:") })
        else { throw HarnessError("dbus-daemon did not start: \(child.stderr)") }
        address = "unix:path=\(socket)"
    }

    public func client() throws -> Client { try Client(bus: self) }
}

/// An sd-bus client of the service, on a connection of its own.
public final class Client {
    public let bus: Bus
    public init(bus: PrivateBus) throws { self.bus = try Bus(.address(bus.address), description: "test-client") }

    public func begin() throws -> String {
        try bus.call(destination: Names.busName, path: Names.objectPath, interface: Names.interface,
                     member: Names.beginMethod).readString()
    }

    public func end() throws {
        _ = try bus.call(destination: Names.busName, path: Names.objectPath, interface: Names.interface,
                         member: Names.endMethod)
    }

    public func string(_ property: String) throws -> String {
        try bus.getStringProperty(destination: Names.busName, path: Names.objectPath, interface: Names.interface, name: property)
    }

    public func bool(_ property: String) throws -> Bool {
        try bus.getBoolProperty(destination: Names.busName, path: Names.objectPath, interface: Names.interface, name: property)
    }

    /// The error name a call fails with, or nil if it succeeds.
    public func errorName(_ call: (Client) throws -> Void) -> String? {
        do {
            try call(self)
            return nil
        } catch let error as BusError {
            return error.name
        } catch {
            return "\(error)"
        }
    }
}

/// The daemon's names, from the one copy of the contract.
public typealias Names = Contract.Orientation1

/// The real orientd on a private bus.
public final class OrientdProcess {
    public let child: Child

    public init(bus: PrivateBus, arguments: [String], waitForName: Bool = true) throws {
        child = try Child(Paths.orientd, ["--bus", bus.address, "--verbose"] + arguments, in: bus.directory,
                          name: "orientd-\(UInt32.random(in: 0...UInt32.max))")
        guard waitForName else { return }
        let probe = try bus.client()
        let up = eventually { (try? probe.bool(Names.hasAccelerometer)) != nil || !child.process.isRunning }
        guard up, child.process.isRunning else {
            throw HarnessError("orientd did not come up: \(child.stderr)")
        }
    }
}

/// A trace built from poses held in turn, at `rateHz`, with small deterministic noise.
public func poseTrace(_ poses: [(Orientation, Int)], rateHz: Int = 50) -> (text: String, samples: [Sample]) {
    var text = "t_ms,x,y,z\n"
    var samples: [Sample] = []
    var t = 0
    let step = 1000 / rateHz
    var i = 0
    for (pose, durationMs) in poses {
        let axis = pose.gravityAxis!
        let end = t + durationMs
        while t < end {
            let wobble = Double((i * 7919) % 13) / 100 - 0.06
            let v = Vector3(axis.x * standardGravity + wobble, axis.y * standardGravity - wobble, axis.z * standardGravity + wobble / 2)
            text += "\(t),\(v.x),\(v.y),\(v.z)\n"
            samples.append(Sample(timeMs: Int64(t), v.x, v.y, v.z))
            t += step
            i += 1
        }
    }
    return (text, samples)
}
