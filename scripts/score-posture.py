#!/usr/bin/env python3
"""score-posture.py - scores posture change logs against labelled traces (corpus-posture/FORMAT.md).

single trace:
    scripts/score-posture.py TRUTH.truth.csv OUTPUT.log [--json] [--problems]
a folder of traces (every <id>.truth.csv in DIR with OUTDIR/<id>.out):
    scripts/score-posture.py --traces DIR --outputs OUTDIR [--json] [--problems] [--tags]
a folder of traces, running the tracker first (writes OUTDIR/<id>.out, a temporary folder if omitted):
    scripts/score-posture.py --traces DIR --orientctl .build/debug/orientctl [--outputs OUTDIR]
also posture-b, a second simulator's corpus, with its own scorer (its summary line last):
    scripts/score-posture.py --traces corpus-posture/traces --orientctl .build-bin/orientctl \
        --posture-b ../shared/corpus/posture-b

OUTPUT.log: one line per posture change, "t_ms,posture[,hinge_deg]" (header, blank and '#' lines
ignored). Before its first line the output is 'unknown'. Repeated identical reports are not changes.
Python standard library only.
"""
import argparse
import csv
import glob
import json
import os
import subprocess
import sys
import tempfile

POSTURES = ["closed", "laptop", "flat", "tent", "tablet", "unknown"]
TABLET_MODE = {"tent", "tablet"}
STABLE_MS = 1000      # time to detect: the output must then stay right this long (or to segment end)


def read_truth(path):
    segs = []
    with open(path) as f:
        for r in csv.DictReader(f):
            segs.append(dict(start=int(r["start_ms"]), end=int(r["end_ms"]), kind=r["kind"],
                             expected=r["expected"],
                             allowed=None if r["allowed"] == "*" else set(r["allowed"].split("|")),
                             grace=int(r["grace_ms"]), event=int(r["event"]), tag=r["tag"],
                             note=r.get("note", "")))
    segs.sort(key=lambda s: s["start"])
    return segs


def read_output(path):
    changes = []
    with open(path) as f:
        for ln, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = [p.strip() for p in line.split(",")]
            try:
                t = int(round(float(parts[0])))
            except ValueError:
                if not changes:
                    continue            # header
                raise SystemExit(f"{path}:{ln}: bad time {parts[0]!r}")
            p = parts[1] if len(parts) > 1 else ""
            if p not in POSTURES:
                raise SystemExit(f"{path}:{ln}: unknown posture {p!r}")
            if changes and t < changes[-1][0]:
                raise SystemExit(f"{path}:{ln}: time goes backwards")
            changes.append((t, p))
    out, cur = [], "unknown"
    for t, p in changes:
        if p != cur:
            out.append((t, p))
            cur = p
    return out


def value_at(changes, t):
    v = "unknown"
    for tc, p in changes:
        if tc > t:
            break
        v = p
    return v


def ok(allowed, p):
    return allowed is None or p in allowed


def score_trace(segs, changes):
    r = dict(scored_ms=0, agree_ms=0, tablet_agree_ms=0, wrong=0, wrong_tablet_mode=0, oscillations=0,
             flip_flops=0, events=0, missed=0, ttc=[], problems=[], by_tag={})
    # Agreement: time in scored windows with the output allowed.
    for s in segs:
        if s["kind"] == "transition":
            continue
        a, b = s["start"] + s["grace"], s["end"]
        if b <= a:
            continue
        tag = r["by_tag"].setdefault(s["tag"], dict(scored_ms=0, agree_ms=0, wrong=0))
        points = [a] + [t for t, _ in changes if a < t < b] + [b]
        for x, y in zip(points, points[1:]):
            v = value_at(changes, x)
            r["scored_ms"] += y - x
            tag["scored_ms"] += y - x
            if ok(s["allowed"], v):
                r["agree_ms"] += y - x
                tag["agree_ms"] += y - x
            if (v in TABLET_MODE) in {p in TABLET_MODE for p in s["allowed"]}:
                r["tablet_agree_ms"] += y - x
        # Wrong changes: to a value outside the allowed set inside the scored window.
        inside = [(t, p) for t, p in changes if a <= t < b]
        for t, p in inside:
            if not ok(s["allowed"], p):
                r["wrong"] += 1
                tag["wrong"] += 1
                r["problems"].append(f"{t} ms: wrong change to {p} in {s['kind']} {s['tag']} "
                                     f"[{s['start']},{s['end']}) allowed {'|'.join(sorted(s['allowed']))}")
                if (p in TABLET_MODE) not in {q in TABLET_MODE for q in s["allowed"]}:
                    r["wrong_tablet_mode"] += 1
        if s["kind"] == "ambiguous":
            n = sum(1 for _, p in inside if ok(s["allowed"], p))
            if n > 1:
                r["oscillations"] += n - 1
                r["problems"].append(f"ambiguous {s['tag']} [{s['start']},{s['end']}): {n} changes")
    # Flip-flops: in a run of transitions plus the next segment's grace, a return to a value
    # already visited in the run counts.
    i = 0
    while i < len(segs):
        if segs[i]["kind"] != "transition":
            i += 1
            continue
        j = i
        while j + 1 < len(segs) and segs[j + 1]["kind"] == "transition":
            j += 1
        a = segs[i]["start"]
        b = segs[j]["end"] + (segs[j + 1]["grace"] if j + 1 < len(segs) else 0)
        visited = {value_at(changes, a - 1)}
        for t, p in changes:
            if a <= t < b:
                if p in visited:
                    r["flip_flops"] += 1
                    r["problems"].append(f"{t} ms: flip-flop back to {p} in transition [{a},{b})")
                visited.add(p)
        i = j + 1
    # Time to detect: from the end of the hinge motion to a lasting right answer.
    for k, s in enumerate(segs):
        if not s["event"]:
            continue
        w = k
        while w > 0 and segs[w - 1]["kind"] == "transition":
            w -= 1
        start = segs[w]["start"]
        r["events"] += 1
        points = [start] + [t for t, _ in changes if start < t < s["end"]]
        found = None
        for x in points:
            if value_at(changes, x) != s["expected"]:
                continue
            until = min(x + STABLE_MS, s["end"])
            if all(p == s["expected"] for t, p in changes if x < t < until):
                found = x
                break
        if found is None:
            r["missed"] += 1
            r["ttc"].append(s["end"] - s["start"])
            r["problems"].append(f"missed {s['expected']} at [{s['start']},{s['end']}) {s['tag']}")
        else:
            r["ttc"].append(found - s["start"])
    return r


def percentile(xs, q):
    if not xs:
        return None
    xs = sorted(xs)
    k = max(0, min(len(xs) - 1, int(-(-q * len(xs) // 1)) - 1))   # nearest rank
    return xs[k]


def summary(r):
    return dict(agreement=(r["agree_ms"] / r["scored_ms"]) if r["scored_ms"] else None,
                tablet_mode_agreement=(r["tablet_agree_ms"] / r["scored_ms"]) if r["scored_ms"] else None,
                wrong_changes=r["wrong"] + r["oscillations"] + r["flip_flops"],
                wrong_tablet_mode_changes=r["wrong_tablet_mode"],
                spurious=r["wrong"], oscillations=r["oscillations"], flip_flops=r["flip_flops"],
                events=r["events"], missed=r["missed"],
                ttc_p50_ms=percentile(r["ttc"], 0.5), ttc_p95_ms=percentile(r["ttc"], 0.95),
                ttc_max_ms=max(r["ttc"]) if r["ttc"] else None)


def merge(rs):
    total = dict(scored_ms=0, agree_ms=0, tablet_agree_ms=0, wrong=0, wrong_tablet_mode=0, oscillations=0,
                 flip_flops=0, events=0, missed=0, ttc=[], problems=[], by_tag={})
    for r in rs:
        for k in ("scored_ms", "agree_ms", "tablet_agree_ms", "wrong", "wrong_tablet_mode", "oscillations",
                  "flip_flops", "events", "missed"):
            total[k] += r[k]
        total["ttc"] += r["ttc"]
        for tag, v in r["by_tag"].items():
            t = total["by_tag"].setdefault(tag, dict(scored_ms=0, agree_ms=0, wrong=0))
            for k in t:
                t[k] += v[k]
    return total


def fmt(s):
    def pct(v):
        return "n/a" if v is None else f"{100 * v:.2f}%"

    def ms(v):
        return "n/a" if v is None else f"{v} ms"
    return (f"agreement {pct(s['agreement'])}  tablet-mode agreement {pct(s['tablet_mode_agreement'])}  "
            f"wrong changes {s['wrong_changes']} (tablet mode {s['wrong_tablet_mode_changes']})  "
            f"time to detect p50 {ms(s['ttc_p50_ms'])} p95 {ms(s['ttc_p95_ms'])}  "
            f"missed {s['missed']}/{s['events']}")


def run_tracker(orientctl, traces, outputs):
    for truth in sorted(glob.glob(os.path.join(traces, "*.truth.csv"))):
        ident = os.path.basename(truth)[:-len(".truth.csv")]
        with open(os.path.join(outputs, ident + ".out"), "w") as out:
            subprocess.run([orientctl, "posture", os.path.join(traces, ident + ".csv")], stdout=out, check=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("truth", nargs="?")
    ap.add_argument("output", nargs="?")
    ap.add_argument("--traces")
    ap.add_argument("--outputs")
    ap.add_argument("--orientctl", help="run `ORIENTCTL posture` over every trace first")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--problems", action="store_true", help="list every wrong change and missed event")
    ap.add_argument("--tags", action="store_true", help="agreement and wrong changes per scenario tag")
    ap.add_argument("--posture-b", metavar="DIR", help="also run DIR/score.py on DIR/traces with --orientctl")
    a = ap.parse_args()
    if a.posture_b and not a.orientctl:
        ap.error("--posture-b needs --orientctl")

    if a.traces:
        outputs = a.outputs
        tmp = None
        if a.orientctl:
            if not outputs:
                tmp = tempfile.TemporaryDirectory()
                outputs = tmp.name
            os.makedirs(outputs, exist_ok=True)
            run_tracker(a.orientctl, a.traces, outputs)
        if not outputs:
            ap.error("--traces needs --outputs or --orientctl")
        per = {}
        for truth in sorted(glob.glob(os.path.join(a.traces, "*.truth.csv"))):
            ident = os.path.basename(truth)[:-len(".truth.csv")]
            out = os.path.join(outputs, ident + ".out")
            if not os.path.exists(out):
                print(f"{ident}: no output {out}, skipped", file=sys.stderr)
                continue
            per[ident] = score_trace(read_truth(truth), read_output(out))
        if not per:
            raise SystemExit("no trace scored")
        total = merge(per.values())
    else:
        if not (a.truth and a.output):
            ap.error("give TRUTH and OUTPUT, or --traces")
        per = {os.path.basename(a.output): score_trace(read_truth(a.truth), read_output(a.output))}
        total = merge(per.values())

    if a.json:
        print(json.dumps(dict(total=summary(total), traces={k: summary(v) for k, v in per.items()},
                              tags=total["by_tag"]), indent=1))
        return
    for ident, r in per.items():
        print(f"{ident}: {fmt(summary(r))}")
        if a.problems:
            for p in r["problems"]:
                print(f"    {p}")
    if a.tags:
        for tag, v in sorted(total["by_tag"].items()):
            agree = 100 * v["agree_ms"] / v["scored_ms"] if v["scored_ms"] else float("nan")
            print(f"  tag {tag}: agreement {agree:.2f}%  wrong changes {v['wrong']}")
    print(f"TOTAL ({len(per)} traces): {fmt(summary(total))}")
    if a.posture_b:
        scorer = os.path.join(a.posture_b, "score.py")
        if not os.path.exists(scorer):
            raise SystemExit(f"{scorer}: no such file")
        out = subprocess.run([sys.executable, scorer, os.path.join(a.posture_b, "traces"), "--cmd",
                              f"{a.orientctl} posture", "--jobs", "2", "--quiet"], capture_output=True, text=True)
        if out.returncode != 0:
            raise SystemExit(f"{scorer} failed:\n{out.stdout}{out.stderr}")
        print("posture-b: " + out.stdout.strip().splitlines()[-1])


if __name__ == "__main__":
    main()
