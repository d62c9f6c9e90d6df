# shellcheck shell=bash
# The icount instrument's report section, sourced by results.sh for its
# row of the contract: the path-length tables of RUN/icount (its run,
# $iid, where it has them) into $stage/pathlen and the facts of
# section.md.in; the article's facts of it and its side of the headline.
icount=$run/icount iid=
if [ -f "$icount/pathlen.md" ]; then
	icount=$(cd -P "$icount" && pwd)
	iid=$(dir_id "$icount")
fi
if [ -n "$iid" ]; then
	declare -A II=()
	readkv II "$icount/run.info"
	mkdir -p "$stage/pathlen"
	pf=("$icount"/pathlen.md "$icount"/pathlen-diff.md "$icount"/pathlen.csv "$icount"/run.info "$icount"/jobs)
	for f in "$icount"/*.csv; do
		case ${f##*/} in pathlen.csv | failures.csv) ;; *) pf+=("$f") ;; esac
	done
	cp "${pf[@]}" "$stage/pathlen/"
	graph=
	if [ -f "$icount/plots/pathlen.png" ]; then
		cp "$icount"/plots/pathlen.png "$icount"/plots/pathlen.svg "$stage/graphs/"
		graph=1
	fi
	qargs=${II[qemu_args]:-}
	fact graph "$graph"
	if [ -z "$qargs" ]; then
		# (a run from before run.info kept them: the machine's own)
		machine_qemu_args qa icount
		qargs=${qa[*]}
	fi
	fact qargs "$qargs"
	fact boots "${II[boots]:-}"
	cp "$icount/pathlen.md" "$tmp/pieces/PATHLEN"
	cp "$icount/pathlen-diff.md" "$tmp/pieces/PATHLEN_DIFF"
	article_fact icount_boots "${II[boots]:-?}"
	sidebyside+=("$icount/pathlen.csv")
	expand_args+=(-v "icount=$icount")
fi
article_fact iid "$iid"
# Its part of the calibration (icount/calibrate.sh's check of the pads).
[ -z "$cal" ] || cp "$cal/icount.txt" "$stage/calibrate/"
fact iid "$iid"
fact id "$id"
