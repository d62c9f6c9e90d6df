#!/usr/bin/python3
# lava-validate.py JOB.yaml...: check LAVA job definitions with LAVA's own
# schema (lava_common.schemas.validate from Debian's lava-common, the
# check a LAVA server runs on submission), strictly: an unknown key is an
# error.  Debian's modules are seen only by Debian's /usr/bin/python3.
# Prints "ok FILE" or "FILE: reason" per file; exit 1 if any is refused,
# 3 if lava-common is not installed (export.sh then only notes it).
import sys

try:
    import yaml
    from lava_common.schemas import validate
    from voluptuous import Invalid
except ImportError as e:
    print(f"lava-validate: {e}: install lava-common ('make deps') and run with /usr/bin/python3", file=sys.stderr)
    sys.exit(3)

bad = 0
for path in sys.argv[1:]:
    try:
        with open(path, encoding="utf-8") as f:
            job = yaml.safe_load(f)
        validate(job, strict=True)
        print(f"ok {path}")
    except (OSError, yaml.YAMLError, Invalid) as e:
        print(f"{path}: {e}", file=sys.stderr)
        bad += 1
    except Exception as e:  # the validator's own crash on a malformed job
        print(f"{path}: not a job definition LAVA accepts: {type(e).__name__}: {e}", file=sys.stderr)
        bad += 1
sys.exit(1 if bad or len(sys.argv) < 2 else 0)
