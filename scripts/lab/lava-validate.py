#!/usr/bin/python3
# lava-validate.py JOB.yaml...: check LAVA job definitions with LAVA's own
# schema (lava_common.schemas.validate from Debian's lava-common, the
# check a LAVA server runs on submission), strictly: an unknown key is an
# error.  A file with a "metadata" key and no "actions" is a test
# definition (Lava-Test Test Definition 1.0, the native bundle's
# lava-test.yaml): it is checked with lava-common's test definition
# schema (lava_common.schemas.test.testdef), strictly too.  Debian's modules are seen only by Debian's /usr/bin/python3.
# Prints "ok FILE" or "FILE: reason" per file; exit 1 if any is refused,
# 3 if lava-common is not installed (export.sh then only notes it).
import sys

try:
    import yaml
    from lava_common.schemas import validate
    from lava_common.schemas.test.testdef import testdef
    from voluptuous import PREVENT_EXTRA, Invalid, Schema
except ImportError as e:
    print(f"lava-validate: {e}: install lava-common ('make deps') and run with /usr/bin/python3", file=sys.stderr)
    sys.exit(3)

bad = 0
for path in sys.argv[1:]:
    try:
        with open(path, encoding="utf-8") as f:
            job = yaml.safe_load(f)
        if isinstance(job, dict) and "metadata" in job and "actions" not in job:
            Schema(testdef(), extra=PREVENT_EXTRA)(job)
        else:
            validate(job, strict=True)
        print(f"ok {path}")
    except (OSError, yaml.YAMLError, Invalid) as e:
        print(f"{path}: {e}", file=sys.stderr)
        bad += 1
    except Exception as e:  # the validator's own crash on a malformed job
        print(f"{path}: not a job definition LAVA accepts: {type(e).__name__}: {e}", file=sys.stderr)
        bad += 1
sys.exit(1 if bad or len(sys.argv) < 2 else 0)
