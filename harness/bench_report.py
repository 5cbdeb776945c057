#!/usr/bin/env python3
"""Turn the raw figures of `make bench` into the table, JSON and rst.

Usage: bench_report.py ROWS RAW JSON RST ROUNDS MACHINE SECONDS

ROWS is bench/rows; RAW holds "round kernel metric value" lines. Every row
is printed: one that no workload measures yet says "not yet", and one whose
kernel lacks the feature says so in that column.
"""
import datetime
import json
import re
import statistics
import sys

KERNELS = ("ours", "upstream", "none", "nolat")

# The heading of the hand-written part of the rst, after the table.
NOTES = "Measurement notes"


def parse_rows(path):
    rows = []
    for line in open(path):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        rid, what, metric, kernels, target = [f.strip() for f in line.split("|")]
        rows.append({"id": rid, "what": what, "metric": metric,
                     "kernels": kernels.split(), "target": target})
    return rows


def parse_raw(path):
    values = {}
    for line in open(path):
        parts = line.split()
        if len(parts) != 4:
            continue
        _, kernel, metric, value = parts
        values.setdefault((kernel, metric), []).append(float(value))
    return values


def summary(vals):
    if not vals:
        return None
    return {"median": statistics.median(vals), "min": min(vals),
            "max": max(vals), "n": len(vals)}


def check_target(target, stats):
    """Evaluate "a/b<=x", "a/b>=x" or "a<=x"; return (value, met) or None."""
    m = re.fullmatch(r"(\w+)(?:/(\w+))?(<=|>=)([\d.]+)", target)
    if not m:
        return None
    num, den, op, bound = m.group(1), m.group(2), m.group(3), float(m.group(4))
    if not stats.get(num) or (den and not stats.get(den)):
        return None
    n = stats[num]["median"]
    d = stats[den]["median"] if den else 1.0
    # A ratio to zero (no event lost upstream): met only by zero.
    value = n / d if d else (0.0 if n == 0 else float("inf"))
    if value < 0:
        return None     # a cost below the idle baseline: noise, not a figure
    met = value <= bound if op == "<=" else value >= bound
    return value, met


def fmt(s):
    if s is None:
        return "not yet"
    # Ratios and other small figures need their third decimal.
    f = "%.3f" if s["max"] < 10 else "%.1f"
    return (f + " (" + f + "-" + f + ")") % (s["median"], s["min"], s["max"])


def main():
    rows_path, raw_path, json_path, rst_path, rounds, machine, secs = sys.argv[1:8]
    rows, values = parse_rows(rows_path), parse_raw(raw_path)
    date = datetime.date.today().isoformat()
    result = {"date": date, "machine": machine, "rounds": int(rounds),
              "seconds": int(secs), "rows": []}
    table = [("row", "ours", "upstream", "none", "nolat", "ours/upstream", "target")]
    for row in rows:
        stats = {}
        for k in KERNELS:
            if row["metric"] != "-" and k in row["kernels"]:
                stats[k] = summary(values.get((k, row["metric"]), []))
        ratio = None
        if stats.get("ours") and stats.get("upstream"):
            up = stats["upstream"]["median"]
            ratio = stats["ours"]["median"] / up if up else None
        tgt = check_target(row["target"], stats) if row["target"] != "-" else None
        if row["target"] == "-":
            tcell = "-"
        elif tgt is None:
            tcell = "%s: not yet" % row["target"]
        else:
            tcell = "%s: %.3f %s" % (row["target"], tgt[0], "met" if tgt[1] else "MISSED")
        cells = []
        for k in KERNELS:
            cells.append(fmt(stats.get(k)) if k in row["kernels"] else "n/a")
        table.append(("%s %s" % (row["id"], row["what"]), *cells,
                      "%.3f" % ratio if ratio else "-", tcell))
        result["rows"].append({"id": row["id"], "what": row["what"],
                               "stats": stats, "ours/upstream": ratio,
                               "target": row["target"],
                               "target_value": tgt[0] if tgt else None,
                               "target_met": tgt[1] if tgt else None})

    widths = [max(len(r[i]) for r in table) for i in range(len(table[0]))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in table]
    head = "make bench, %s, %s rounds, %ss; %s" % (date, rounds, secs, machine)
    text = "\n".join([head, "median (min-max) over rounds; interleaved ours, upstream, none, nolat (ours without latency tracers)", ""] + lines)
    print(text)
    json.dump(result, open(json_path, "w"), indent=1)

    rst = [".. SPDX-License-Identifier: GPL-2.0", "",
           "=====================================",
           "Clean-room tracing: benchmark results",
           "=====================================", "",
           "The latest table of ``make bench``: our tracing (production config)",
           "against upstream ftrace built from the same base and config, and",
           "against a kernel without function tracing, in interleaved rounds;",
           "nolat is ours without the latency tracers (B9's baseline).",
           "Figures are medians with their min-max spread; only the ratios",
           "between kernels measured in the same run are meaningful.", "", "::", ""]
    rst += [("    " + l).rstrip() for l in text.splitlines()]
    # The dated notes below the table are kept as they are.
    try:
        old = open(rst_path).read()
    except OSError:
        old = ""
    notes = old.find("\n" + NOTES + "\n")
    out = "\n".join(rst) + "\n"
    if notes >= 0:
        out += old[notes:]
    open(rst_path, "w").write(out)


if __name__ == "__main__":
    main()
