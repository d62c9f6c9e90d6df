#!/usr/bin/python3
# lava-log-text.py [--results] LOG: print what the device wrote on its
# console (the "target" messages of a LAVA job log, one per line), so
# import.sh reads a LAVA log like a plain console capture.  --results
# prints LAVA's verdicts instead, one per line: "definition case result
# [measurement units]" (lava-run.sh).  A log comes in two forms: the
# server's download, a YAML list (lava_common.log.YAMLLogger), or what
# lava-run itself prints on stderr, one YAML flow mapping a line.  Both
# are read with a YAML parser, never with patterns.  Debian's python3-yaml: run with
# /usr/bin/python3.
import sys

import yaml


def entries_of(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    if text.lstrip().startswith("{"):
        # lava-run's own output: one YAML flow mapping a line (JSON but
        # for tags such as ! "123"), made the server's list by a "- " each.
        text = "".join("- " + line + "\n" for line in text.splitlines() if line.strip())
    try:
        entries = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise ValueError(str(e)) from e
    if not isinstance(entries, list):
        raise ValueError("no list of entries")
    return entries


args = sys.argv[1:]
results = args[:1] == ["--results"]
if results:
    args = args[1:]
if len(args) != 1:
    sys.exit("usage: lava-log-text.py [--results] LOG")
try:
    entries = entries_of(args[0])
except (OSError, ValueError) as e:
    sys.exit(f"lava-log-text: {args[0]}: not a LAVA job log: {e}")
for e in entries:
    if not isinstance(e, dict):
        continue
    msg = e.get("msg")
    if results and e.get("lvl") == "results" and isinstance(msg, dict):
        fields = [msg.get(k) for k in ("definition", "case", "result", "measurement", "units")]
        print(" ".join(str(f) for f in fields if f is not None))
    elif not results and e.get("lvl") == "target" and isinstance(msg, str):
        print(msg)
