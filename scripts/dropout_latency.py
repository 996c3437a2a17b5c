"""Time to the right answer after a dropout, for scripts/score-motion: issue #38's goal is the
answer within 150 ms (p95) past the first 100 ms of data that come back.

A dropout is a gap in a trace's samples longer than `GAP_MS`. Each latency event (a hold or
keep that starts a new pose) whose data came back only after its turn had ended (the dropout
hid the turn's end) is due `FIRST_DATA_MS` after the data's return; the latency is how long
after that the output became the expected pose and stayed so (the corpus scorer's rule:
`STABLE_MS`, or to the segment's end). An answer before it is due counts 0; an event never
answered counts the rest of its segment. Data that come back within the turn leave a turn
like any other, scored by the time-to-correct lines."""

# Longer than any sampling period with its timer jitter (the generator's slowest: 10 Hz polled,
# 100 +- 8 ms), shorter than its dropouts (400-1200 ms).
GAP_MS = 300
# Samples a classifier may take to see the device again after the gap (issue #38).
FIRST_DATA_MS = 100


def sample_times(trace_csv):
    times = []
    with open(trace_csv) as f:
        for line in f:
            head = line.split(",", 1)[0]
            if head.isdigit():
                times.append(int(head))
    return times


def resumes(times):
    """The time of the first sample after each gap."""
    return [b for a, b in zip(times, times[1:]) if b - a > GAP_MS]


def latencies(segs, changes, times, score):
    """Latency (ms) of every event whose turn's end a dropout hid."""
    tl = score.Timeline(changes)
    back = resumes(times)
    out = []
    for i, s in enumerate(segs):
        if s["kind"] not in ("hold", "keep") or not s["event"] or not s["expected"]:
            continue
        k = i
        while k > 0 and segs[k - 1]["kind"] == "transition":
            k -= 1
        w0, a, b = segs[k]["start"], s["start"], s["end"]
        inside = [r for r in back if w0 < r <= b]
        if not inside or inside[-1] < a:
            continue
        due = inside[-1] + FIRST_DATA_MS
        answer = None
        for ps, pe, v in tl.intervals(w0, b):
            if v == s["expected"] and pe >= min(b, ps + score.STABLE_MS):
                answer = ps
                break
        out.append(b - due if answer is None else max(0, answer - due))
    return out
