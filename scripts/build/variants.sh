#!/usr/bin/env bash
# variants.sh "LIST": validate a VARIANTS list (commas or spaces; empty
# means the default matrix) and print one name per line.
case $0 in */*) . "${0%/*}/../lib.sh" ;; *) . ../lib.sh ;; esac # dirname without a process
parse_variants "${1:-}"
