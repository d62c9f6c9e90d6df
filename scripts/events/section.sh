# shellcheck shell=bash
# The events instrument's report section, sourced by results.sh for its
# row of the contract: its tables drawn again from RUN/events/events.csv
# alone, and the plugin's calibration, into the facts of section.md.in.
ev=$run/events evid= calibration=
if [ -f "$ev/events.csv" ]; then
	evid=$(dir_id "$ev")
	mkdir -p "$stage/events"
	evf=("$ev/events.csv" "$ev/run.info")
	[ ! -f "$ev/calibration.md" ] || evf+=("$ev/calibration.md")
	cp "${evf[@]}" "$stage/events/"
	# Its first heading is this section's; the others go a level down.
	"$LB_TOP/scripts/events/table.sh" "$ev" | sed -e '1{/^## /d}' -e 's/^## /### /' >"$tmp/pieces/EVENTS_TABLES"
	if [ -f "$ev/calibration.md" ]; then
		sed -e 's/^## /### /' -e 's/^# /### /' "$ev/calibration.md" >"$tmp/pieces/EVENTS_CALIBRATION"
		calibration=1
	fi
fi
# The PREEMPT comparison (issue #37): every events pass filed under a
# host (scripts/events/host-file.sh) with its break_lock stores, drawn
# again from its files; the article's run need not have the variants.
preempt=
for d in "$LB_TOP"/results/hosts/*/events/*/; do
	[ -f "$d/break-lock.tsv" ] || continue
	"$LB_TOP/scripts/events/preempt-table.sh" "${d%/}" | sed -e 's/^## /### /' >>"$tmp/pieces/EVENTS_PREEMPT" ||
		die "results: the events pass filed in ${d#"$LB_TOP"/} gives no PREEMPT table (see above)"
	printf '\nData: [%s](%s).\n' "${d#"$LB_TOP"/}" "${d#"$LB_TOP"/}" >>"$tmp/pieces/EVENTS_PREEMPT"
	preempt=1
done
fact evid "$evid"
fact preempt "$preempt"
fact calibration "$calibration"
fact id "$id"
