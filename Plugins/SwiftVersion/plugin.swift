import Foundation
import PackagePlugin

/// Names the Swift compiler that builds OrientationCore in `OrientdVersion` (scripts/swift-version-source
/// reads its `--version` before every build), so the version orientd and orientctl print
/// cannot go stale.
@main
struct SwiftVersion: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let directory = context.pluginWorkDirectoryURL.appending(path: "generated")
        let swiftc = (try? context.tool(named: "swiftc").url.path) ?? "swiftc"
        return [.prebuildCommand(
            displayName: "Swift version of \(swiftc)",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: [context.package.directoryURL.appending(path: "scripts/swift-version-source").path,
                        swiftc, directory.appending(path: "SwiftVersion.swift").path],
            outputFilesDirectory: directory)]
    }
}
