#!/usr/bin/env bash
# scripts/report/render.sh, the one renderer: one row of pairs.csv reads
# the same in the headline table, the findings, the comparison tables and
# a {{change}} reference (one computation, one rounding); the path-length
# table and its differences come from lb-pathlen's CSV; a pair naming a
# variant without counts is refused.
. "$(dirname "$0")/../lib.bash"
r=$TOP/results render=$TOP/scripts/report/render.sh
# The first hot ns_op row that changed in the published run: it is in
# the findings as well as in every table.
read -r b o k want < <(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["verdict"] == "changed" && $c["mode"] == "hot" && $c["metric"] == "ns_op" {
		printf "%s %s %s %+.1f%% [%+.1f, %+.1f]\n", $c["base"], $c["other"], $c["kind"], $c["pct_change"], $c["pct_lo"], $c["pct_hi"]; exit }' "$r/pairs.csv") || true
[ -n "${want:-}" ] || fail "the published pairs.csv has no changed hot ns_op row"
hl=$("$render" headline -v pairs=" $b:$o " "$r/pairs.csv" | grep "| $k |" || true)
fi=$("$render" findings -v accel=tcg "$r/pairs.csv" | grep "^- \*\*$b → $o\*\*, $k hot," || true)
tb=$("$render" tables "$r/pairs.csv" | awk -v h="### $b → $o" '/^### /{on = ($0 == h)} on' | grep "^| $k | hot |" || true)
echo "x {{change $b:$o $k hot}}" >"$TMP/ref.md"
mkdir -p "$TMP/cal"
ex=$("$render" expand -v run="$r" -v cal="$TMP/cal" "$TMP/ref.md")
for what in hl fi tb ex; do
	[[ ${!what} == *"$want"* ]] || fail "$what shows the row otherwise than '$want': ${!what}"
done
echo "ok: headline, findings, tables and a reference all read $b → $o $k $want"
# A reference to another instrument's run names that instrument: the
# native run's median is its matrix's, in cycles; the old n-prefixed name,
# and a native reference to icount's counts, match nothing.
nm=$("$render" matrix -v mode=hot -v metric=cyc_op -v variants=pre "$r/native/summary.csv" | grep '^| spin_lock |' | cut -d' ' -f4)
echo "x {{native median pre spin_lock hot}}" >"$TMP/nref.md"
ex=$("$render" expand -v run="$r" -v cal="$TMP/cal" "$TMP/nref.md")
[ -n "$nm" ] && [ "$ex" = "x $nm cycles" ] || fail "{{native median pre spin_lock hot}} reads '$ex', the native matrix '$nm'"
echo "ok: {{native median pre spin_lock hot}} reads the native matrix: $nm cycles"
for old in 'nmedian pre spin_lock hot' 'native icount pre spin_lock'; do
	echo "x {{$old}}" >"$TMP/nref.md"
	expect_error "{{$old}}" "matches nothing" "$render" expand -v run="$r" -v icount="$r/pathlen" -v cal="$TMP/cal" "$TMP/nref.md"
done
expect_error "a view that is not one" "render.sh: no view 'nope'; the views: calibration" "$render" nope "$r/pairs.csv"
# Findings name each mode's headline metric only (ns_op, or ops_per_s when
# contended), whatever metric of a cell changed first.
"$render" findings -v accel=tcg "$r/pairs.csv" | grep -E 'wait_|fair_ratio|cyc_op' &&
	fail "the findings list a metric that is not its mode's headline"
echo "ok: the findings list headline metrics only"
# Path lengths from CSV: counts, a mix kind's share, differences with signs.
cat >"$TMP/pl.csv" <<'CSV'
variant,kind,read_pct,pad,instructions,records
pre,spin_lock,100,0,9.000,2
pre,rwlock_mix,50,0,12.500,2
post-debug,spin_lock,100,0,50.000,2
post-debug,rwlock_mix,50,0,11.000,2
CSV
out=$("$render" pathlen -v variants="pre post-debug" -v mix=rwlock_mix -v pairs="pre:post-debug" "$TMP/pl.csv")
grep -q -F '| kind | pre | post-debug | post-debug − pre |' <<<"$out" || fail "path-length header: $out"
grep -q -F '| spin_lock | 9 | 50 | +41 |' <<<"$out" || fail "spin_lock row: $out"
grep -q -F '| rwlock_mix (50% read) | 12.500 | 11 | −1.500 |' <<<"$out" || fail "rwlock_mix row: $out"
echo "ok: path-length table and differences from lb-pathlen's CSV"
expect_error "a pair with no counts" "pair pre:stock: variant stock has no path lengths" \
	"$render" pathlen -v variants=pre -v pairs="pre:stock" "$TMP/pl.csv"
# The tables the scripts used to write themselves, each drawn here from
# its CSV: results.sh's provenance (keyvalue: a quoted value keeps its
# commas and quotes, the first row heads), disasm-table.sh's counts and
# listings (disasm: path x variant, then <pre> cells escaped for HTML),
# events/table.sh's tables (table with align and empty; the events
# columns rounded by fmt(), a failed verdict in bold).
cat >"$TMP/kv.csv" <<'CSV'
name,value
run,`r1`
host,"cpu x, kernel 6.1; ""quoted"""
CSV
out=$("$render" keyvalue "$TMP/kv.csv")
[ "$out" = $'| run | `r1` |\n|---|---|\n| host | cpu x, kernel 6.1; "quoted" |' ] || fail "keyvalue: $out"
cat >"$TMP/counts.csv" <<'CSV'
variant,path,instructions,calls
pre,spin_lock,3,
pre,spin_unlock,,
post-debug,spin_lock,1,do_raw_spin_lock
post-debug,spin_unlock,2,__raw_x do_raw_spin_unlock
CSV
cat >"$TMP/listing.csv" <<'CSV'
variant,path,line,insn
pre,spin_lock,1,"lock decb (%rdi)"
pre,spin_lock,2,"js     <_raw_spin_lock+0x6>"
post-debug,spin_lock,,
CSV
out=$("$render" disasm "$TMP/counts.csv" "$TMP/listing.csv")
want='| path | pre | post-debug |
|---|---:|---:|
| spin_lock | 3 | 1 (→ do_raw_spin_lock) |
| spin_unlock | inline | 2 (→ __raw_x do_raw_spin_unlock) |

### _raw_spin_lock

| pre | post-debug |
|---|---|
| <pre>lock decb (%rdi)<br>js     &lt;_raw_spin_lock+0x6&gt;<br></pre> | <pre>(inline)<br></pre> |'
[ "$out" = "$want" ] || fail "disasm: $(diff <(echo "$want") <(echo "$out"))"
cat >"$TMP/ev.csv" <<'CSV'
kind,variant,insns,cold_transfers,transfers_per_op,verdict
spin_lock,pre,,1.005,0.98765,off
CSV
out=$("$render" table -v align=lrrrrl -v empty=– "$TMP/ev.csv")
[ "$out" = $'| kind | variant | insns | cold_transfers | transfers_per_op | verdict |\n|---|---:|---:|---:|---:|---|\n| spin_lock | pre | – | 1.00 | 0.988 | **off** |' ] ||
	fail "table with align and empty: $out"
echo "ok: provenance (keyvalue), disassembly (disasm) and the events tables (table) drawn from CSV"

# section: an instrument's template (scripts/INSTRUMENT/section.md.in):
# facts, tables, block and inline conditions, nested; a fact or table the
# template names and its section.sh did not give stops it.
mkdir -p "$TMP/pieces"
printf 'on=1\noff=\nname=icount\n' >"$TMP/facts"
printf '| t |\n' >"$TMP/pieces/TABLE"
cat >"$TMP/section.md.in" <<'MD'
## {{=name}}

{{if on}}
Run{{if off}} never{{else}} always{{end}}: {{=name}}.
{{if off}}
hidden {{=nofact}}
@@NOPIECE@@
{{end}}
@@TABLE@@
{{else}}
absent
{{end}}
MD
out=$("$render" section -v facts="$TMP/facts" -v pieces="$TMP/pieces" "$TMP/section.md.in")
[ "$out" = $'## icount\n\nRun always: icount.\n| t |' ] || fail "section: $out"
printf '{{=nofact}}\n' >"$TMP/bad.md.in"
expect_error "section: a fact section.sh did not give" 'nofact.*no such fact' "$render" section -v facts="$TMP/facts" -v pieces="$TMP/pieces" "$TMP/bad.md.in"
printf '@@NOPIECE@@\n' >"$TMP/bad.md.in"
expect_error "section: a table section.sh did not draw" 'NOPIECE: no such piece' "$render" section -v facts="$TMP/facts" -v pieces="$TMP/pieces" "$TMP/bad.md.in"
echo "ok: an instrument's section template: facts, tables, nested and inline conditions"
# The contended cells' v3 columns (view=measured) from the SYNTHETIC plots
# fixture: gen.awk's pre spin_lock at 2 threads, Jain's index with its CI,
# the hand-off, the sections against those asked (+1% hold, -0.5%
# parallel: within 3%); one thread has no index; a hold measured 4% long
# is off, in bold.
fx=$TOP/tests/fixtures/plots/summary.csv
m=$("$render" measured -v order="pre pre-debug" "$fx")
row=$(grep -F '| spin_lock | 100 / 200 | pre | 2 |' <<<"$m" || true)
[ "$row" = '| spin_lock | 100 / 200 | pre | 2 | 10 | 0.955 [0.9478, 0.9622] | 191 | 51 | 97.9 | 101 (+1.0%) | 199 (-0.5%) | ok |' ] ||
	fail "view=measured, pre spin_lock at 2 threads: $row"
grep -qF '| spin_lock | 100 / 200 | pre | 1 | 10 | – (1 thread) | – |' <<<"$m" || fail "view=measured: one thread shows an index or a hand-off"
awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
	$c["variant"] == "pre" && $c["kind"] == "spin_lock" && $c["threads"] == 2 && $c["hold_ns"] == 100 && $c["metric"] == "hold_meas_ns" { $c["median"] = 104 }
	{ print }' "$fx" >"$TMP/off.csv"
row=$("$render" measured -v order="pre" "$TMP/off.csv" | grep -F '| spin_lock | 100 / 200 | pre | 2 |' || true)
[[ $row == *'| 104 (+4.0%) | 199 (-0.5%) | **off** |' ]] || fail "view=measured: a hold 4% long is not off: $row"
echo "ok: the contended cells' Jain's index, hand-off, overhead and sections against those asked (view=measured)"
# view=table: a quoted first value with commas (a disassembled operand)
# is one cell: the head has the header's columns, and the numbers after
# it are still numeric; a delta from such a CSV is rounded as a number.
t=$(printf 'insn,n,delta_n\n"movl $0x1,0x4(%%rdi)",3,3\n' | "$render" table)
[ "$t" = $'| insn | n | delta_n |\n|---|---:|---:|\n| movl $0x1,0x4(%rdi) | 3 | +3.00 |' ] || fail "view=table, a quoted value with commas: $t"
echo "ok: view=table: a quoted value with commas is one cell, a delta a number"
# A placement is a cell of its own: the cold matrix gets a row per
# placement the cells name (any, the default, keeps the kind's own name),
# a finding or table row says it, and a contended row's shape does.
{
	echo "variant,kind,mode,threads,placement,read_pct,hold_ns,parallel_ns,metric,unit,n,median,ci_lo,ci_hi"
	echo "pre,spin_lock,cold,1,any,100,0,0,cyc_op,cycles,10,300,290,310"
	echo "pre,spin_lock,cold,1,cross-llc,100,0,0,cyc_op,cycles,10,900,880,920"
	echo "pre,spin_lock,contended,2,llc,100,100,200,ops_per_s,ops/s,10,5000,4900,5100"
	echo "pre,empty,contended,2,llc,100,100,200,ops_per_s,ops/s,10,9000,8900,9100"
} >"$TMP/placed.csv"
out=$("$render" matrix -v mode=cold -v metric=cyc_op -v variants=pre "$TMP/placed.csv")
grep -q '^| spin_lock | 300 \[290, 310\] |$' <<<"$out" && grep -q '^| spin_lock (cross-llc) | 900 \[880, 920\] |$' <<<"$out" ||
	fail "the cold matrix does not keep placements apart: $out"
echo "variant,kind,mode,threads,placement,read_pct,hold_ns,parallel_ns,baseline,metric,unit,n,n_baseline,median,median_baseline,ratio,ratio_lo,ratio_hi" >"$TMP/pb.csv"
echo "pre,spin_lock,contended,2,llc,100,100,200,empty,ops_per_s,ops/s,10,10,5000,9000,0.5556,0.54,0.57" >>"$TMP/pb.csv"
out=$("$render" contended -v order=pre "$TMP/placed.csv" "$TMP/pb.csv")
grep -q '^| 100 / 200, llc | pre | 2 |' <<<"$out" || fail "the contended table does not name the placement: $out"
# view=measured likewise: the fixture's pre spin_lock cell copied at
# placement llc with a hold 4% long is a row of its own, off, beside the
# cell at any, which stays ok and unnamed.
awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next } { print }
	$c["variant"] == "pre" && $c["kind"] == "spin_lock" && $c["threads"] == 2 && $c["mode"] == "contended" {
		$c["placement"] = "llc"; if ($c["metric"] == "hold_meas_ns") $c["median"] = 104; print }' "$fx" >"$TMP/mplaced.csv"
m=$("$render" measured -v order="pre" "$TMP/mplaced.csv")
grep -qF '| spin_lock | 100 / 200 | pre | 2 | 10 | 0.955 [0.9478, 0.9622] | 191 | 51 | 97.9 | 101 (+1.0%) | 199 (-0.5%) | ok |' <<<"$m" ||
	fail "view=measured: the cell at placement any is not its own row: $m"
row=$(grep -F '| spin_lock | 100 / 200, llc | pre | 2 |' <<<"$m" || true)
[[ $row == *'| 104 (+4.0%) | 199 (-0.5%) | **off** |' ]] || fail "view=measured: the cell at placement llc is not a row of its own: $row"
echo "ok: placements are rows of their own in the cold, contended and measured tables"
