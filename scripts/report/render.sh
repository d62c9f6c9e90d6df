#!/usr/bin/env bash
# render.sh VIEW [-v NAME=VALUE]... [FILE]...: the report's one renderer.
# The C tools write CSV only; every Markdown table of the report and
# every figure quoted in its text is drawn by a view, render/VIEW.awk
# (its first lines say what it draws and what it reads), with what the
# views share, render/lib.awk: fmt(), the one rounding rule by column.
# Exits 2 when the view cannot draw what it was asked (a template's fact
# or table missing, a reference to nothing).
dir=${BASH_SOURCE[0]%/*}/render
view=${1:-}
if [ -z "$view" ] || [ ! -f "$dir/$view.awk" ] || [ "$view" = lib ]; then
	echo "lockbench: error: render.sh: no view '$view'; the views: $(cd "$dir" && ls -- *.awk | sed -n 's/\.awk$//p' | grep -vx lib | tr '\n' ' ')" >&2
	exit 2
fi
shift
exec awk -f "$dir/lib.awk" -f "$dir/$view.awk" "$@"
