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
	"$LB_TOP/scripts/report/events-table.sh" "$ev" | sed -e '1{/^## /d}' -e 's/^## /### /' >"$tmp/pieces/EVENTS_TABLES"
	if [ -f "$ev/calibration.md" ]; then
		sed -e 's/^## /### /' -e 's/^# /### /' "$ev/calibration.md" >"$tmp/pieces/EVENTS_CALIBRATION"
		calibration=1
	fi
fi
fact evid "$evid"
fact calibration "$calibration"
fact id "$id"
