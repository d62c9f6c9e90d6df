#!/usr/bin/python3
# lava-log-text.py LOG.yaml: print what the device wrote on its console
# (the "target" messages of a LAVA job log, one per line), so import.sh
# reads a LAVA log like a plain console capture.  LAVA writes its log as
# YAML (lava_common.log.YAMLLogger), so it is read with a YAML parser,
# never with patterns.  Debian's python3-yaml: run with /usr/bin/python3.
import sys

import yaml

try:
    with open(sys.argv[1], encoding="utf-8", errors="replace") as f:
        entries = yaml.safe_load(f)
except (OSError, yaml.YAMLError) as e:
    sys.exit(f"lava-log-text: {sys.argv[1]}: not a LAVA job log: {e}")
if not isinstance(entries, list):
    sys.exit(f"lava-log-text: {sys.argv[1]}: not a LAVA job log (no list of entries)")
for e in entries:
    if isinstance(e, dict) and e.get("lvl") == "target" and isinstance(e.get("msg"), str):
        print(e["msg"])
