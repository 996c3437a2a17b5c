import PostureCore

/// Runs the daemon's posture tracker, with the daemon's defaults, over a two-sensor trace.
struct PostureCommand {
    static let spec = CommandSpec(
        name: "posture",
        abstract: "Track the posture of a 2-in-1 over a trace file offline.",
        discussion: """
            FILE holds `t_ms,dx,dy,dz,bx,by,bz` lines: the display then the base accelerometer \
            reading (gravity in m/s², each in its own frame after its mount matrix). One line \
            `t_ms,posture,hinge_deg` is printed per posture change (hinge_deg -1: not \
            measurable), the log format the posture scorer reads.
            """,
        members: [
            .argument(ArgumentSpec(name: "file", help: "Trace file in the t_ms,dx,dy,dz,bx,by,bz format ('-' for standard input).",
                                   completion: .file)),
        ])
    let file: String

    init(_ parsed: ParsedArguments) {
        file = parsed.argument("file") ?? "-"
    }

    func run() throws(CommandError) {
        let rows = try readPostureTrace(file)
        var tracker = PostureTracker()
        var output = PostureTrace.logHeader + "\n"
        for update in tracker.process(rows) where update.postureChanged {
            output += PostureTrace.logLine(update) + "\n"
        }
        writeAll(1, output)
    }
}

/// Reads and parses a posture trace a line at a time, turning every failure into one precise message.
func readPostureTrace(_ path: String) throws(CommandError) -> [PostureTrace.Row] {
    try readTraceLines(path, parser: { PostureTrace.LineParser(source: $0) }) { parser, line throws(PostureTrace.ParseError) in
        try parser.parse(line)
    }
}
