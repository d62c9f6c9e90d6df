#!/usr/bin/env bash
# check-disasm.sh against a small hand-made ELF: it accepts the expected
# sequences and names what is missing otherwise (tests/disasm/run.sh).
. "$(dirname "$0")/../lib.bash"
bash "$TOP/tests/disasm/run.sh"
