import ArgumentParser

@main
struct Orientctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orientctl",
        abstract: "Query and test the orientd device orientation service.",
        version: "0.1.0",
        subcommands: [Get.self, Status.self, Monitor.self, Sensors.self, Classify.self, PostureCommand.self]
    )
}
