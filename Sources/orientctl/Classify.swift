import OrientationCore

/// Runs the daemon's classifier, with the daemon's defaults, over a trace file.
struct Classify {
    static let spec = CommandSpec(
        name: "classify",
        abstract: "Classify a trace file offline.",
        discussion: """
            FILE holds samples as `t_ms,x,y,z` lines (gravity vector in m/s², device frame). \
            One line `t_ms,orientation` is printed per reported change, the log format the \
            corpus scorer reads. With --screen the changes are those of the screen orientation \
            (what a compositor rotates to: edge-up poses held steadily, the daemon's \
            ScreenOrientation without locks, all four orientations supported).
            """,
        members: [
            .argument(ArgumentSpec(name: "file", help: "Trace file in the t_ms,x,y,z format ('-' for standard input).",
                                   completion: .file)),
            .option(OptionSpec(name: "screen", help: "Print the screen orientation's changes instead of the device orientation's.")),
        ])
    let file: String
    let screen: Bool

    init(_ parsed: ParsedArguments) {
        file = parsed.argument("file") ?? "-"
        screen = parsed.flag("screen")
    }

    func run() throws(CommandError) {
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
        writeAll(1, output)
    }
}

/// Reads and parses a trace a line at a time, turning every failure into one precise message.
func readTrace(_ path: String) throws(CommandError) -> [Sample] {
    try readTraceLines(path, parser: { Trace.LineParser(source: $0) }) { parser, line throws(Trace.ParseError) in try parser.parse(line) }
}
