import ArgumentParser
import OrientationCore

@main
struct Orientctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orientctl",
        abstract: "Query and test the orientd device orientation service.",
        version: "orientctl \(OrientdVersion.number) (\(OrientdVersion.toolchain))",
        subcommands: [Get.self, Status.self, Monitor.self, Lock.self, Sensors.self, Classify.self, PostureCommand.self]
    )
}
