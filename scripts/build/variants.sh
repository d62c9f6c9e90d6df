#!/usr/bin/env bash
# variants.sh "LIST": validate a VARIANTS list (commas or spaces; empty
# means the default matrix) and print one name per line.
. "$(dirname "$0")/../lib.sh"
parse_variants "${1:-}"
