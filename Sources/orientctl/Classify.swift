import ArgumentParser
import Foundation
import OrientationCore

/// Runs the daemon's classifier, with the daemon's defaults, over a trace file.
struct Classify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Classify a trace file offline.",
        discussion: """
            FILE holds samples as `t_ms,x,y,z` lines (gravity vector in m/s², device frame). \
            One line `t_ms,orientation` is printed per reported change, the log format the \
            corpus scorer reads. With --screen the changes are those of the screen orientation \
            (what a compositor rotates to: edge-up poses held steadily, the daemon's \
            ScreenOrientation without locks, all four orientations supported).
            """
    )

    @Argument(help: "Trace file in the t_ms,x,y,z format ('-' for standard input).")
    var file: String

    @Flag(help: "Print the screen orientation's changes instead of the device orientation's.")
    var screen = false

    func run() throws {
        let samples = try readTrace(file)
        var classifier = OrientationClassifier()
        let changes: [(timeUs: Int64, orientation: Orientation)]
        if screen {
            var rule = ScreenOrientationRule()
            changes = rule.process(samples, classifier: &classifier)
        } else {
            changes = classifier.process(samples)
        }
        var output = "t_ms,orientation\n"
        for change in changes {
            output += Trace.logLine(timeUs: change.timeUs, orientation: change.orientation)
            output += "\n"
        }
        FileHandle.standardOutput.write(Data(output.utf8))
    }
}

/// Reads and parses a trace, turning every failure into one precise message.
func readTrace(_ path: String) throws -> [Sample] {
    try readTraceText(path) { text, source throws(Trace.ParseError) in try Trace.parse(text, source: source) }
}

/// A trace file's text ('-': standard input) handed to `parse`, every failure one message.
func readTraceText<T, Failure: Error & CustomStringConvertible>(
    _ path: String, _ parse: (String, String) throws(Failure) -> T) throws -> T {
    let data: Data
    if path == "-" {
        data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
        guard let contents = FileManager.default.contents(atPath: path) else {
            throw ValidationError("cannot read trace \(path)")
        }
        data = contents
    }
    guard let text = String(data: data, encoding: .utf8) else {
        throw ValidationError("\(path): not UTF-8 text")
    }
    do {
        return try parse(text, path == "-" ? "<stdin>" : path)
    } catch {
        throw ValidationError(error.description)
    }
}
