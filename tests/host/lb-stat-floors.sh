#!/usr/bin/env bash
# lb-stat compare's floors on a synthetic native run
# (tests/fixtures/slices/gen.sh, records only): each kind's floor is its
# own A/A rows' bound, so one kind whose copies move by 10% a process
# (bit_spin_lock, as a layout moves it) does not raise a quiet kind's
# floor, and a 3% change of the quiet kind is changed.  The true A/A
# (pre against pre~A, the same code at the same layout) sets the floors;
# the layout pair (pre~L2, moved 10% a process by its layout) sets none
# and gets a research verdict, as pre -> post does.
. "$(dirname "$0")/../lib.bash"
bin=$TOP/bench-user/lb-stat gen=$TOP/tests/fixtures/slices/gen.sh
[ -x "$bin" ] || fail "lb-stat is not built"
cd "$TMP"
cat >run.model <<'EOF'
state 1 probe 20 chain 1
cost pre spin_lock hot 20
cost pre~A spin_lock hot 20
cost post spin_lock hot 20.6
cost pre bit_spin_lock hot 30
cost pre~A bit_spin_lock hot 30
cost post bit_spin_lock hot 30
noise pre~A bit_spin_lock 0.1
cost pre~L2 spin_lock hot 20
noise pre~L2 spin_lock 0.1
EOF
"$gen" run run.model seed=7 || fail "gen.sh failed"
(cd run && "$bin" compare --aa pre:pre~A --pair pre:pre~A --pair pre:post -o ../pairs.csv pre.csv pre~A.csv post.csv) ||
	fail "compare failed"
# pre:post's hot cyc_op rows: kind, floor, what set it, verdict.
declare -A F=() BY=() V=()
while read -r k f by v; do F[$k]=$f BY[$k]=$by V[$k]=$v; done < <(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
	$h["base"] == "pre" && $h["other"] == "post" && $h["mode"] == "hot" && $h["metric"] == "cyc_op" {
		print $h["kind"], $h["floor_pct"], $h["floor_by"], $h["verdict"] }' pairs.csv)
[ ${#F[@]} = 2 ] || fail "want pre:post rows of two kinds, got ${!F[*]}"
awk -v q="${F[spin_lock]}" -v n="${F[bit_spin_lock]}" 'BEGIN { exit !(q < 1 && n > 5) }' ||
	fail "floors: spin_lock ${F[spin_lock]}%, bit_spin_lock ${F[bit_spin_lock]}%: want the quiet kind under 1%, the noisy one over 5%"
[ "${BY[spin_lock]} ${BY[bit_spin_lock]}" = "a-a a-a" ] || fail "floor_by: ${BY[spin_lock]} and ${BY[bit_spin_lock]}, not a-a"
[ "${V[spin_lock]}" = changed ] || fail "spin_lock 3% slower is ${V[spin_lock]} over a floor of ${F[spin_lock]}%"
[ "${V[bit_spin_lock]}" = within-noise ] || fail "bit_spin_lock unchanged is ${V[bit_spin_lock]}"
echo "ok: per-kind floors: spin_lock ${F[spin_lock]}%, bit_spin_lock ${F[bit_spin_lock]}%; spin_lock +3% is changed"

# With the layout pair named: the floors stay the A/A's.
(cd run && "$bin" compare --aa pre:pre~A --layout pre:pre~L2 --pair pre:pre~A --pair pre:post --pair pre:pre~L2 \
	-o ../layout.csv pre.csv pre~A.csv post.csv pre~L2.csv) || fail "compare with --layout failed"
declare -A LV=() LBY=() LF=()
while read -r o v by f; do LV[$o]=$v LBY[$o]=$by LF[$o]=$f; done < <(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
	$h["kind"] == "spin_lock" && $h["mode"] == "hot" && $h["metric"] == "cyc_op" { print $h["other"], $h["verdict"], $h["floor_by"], $h["floor_pct"] }' layout.csv)
[ "${LV[pre~A]:-}" = a-a ] || fail "the true A/A's verdict is '${LV[pre~A]:-}', not a-a"
[ "${LV[post]:-} ${LBY[post]:-} ${LF[post]:-}" = "changed a-a ${F[spin_lock]}" ] ||
	fail "pre -> post beside the layout pair: '${LV[post]:-}' by '${LBY[post]:-}' over ${LF[post]:-}%, not changed over the A/A's ${F[spin_lock]}%"
case ${LV[pre~L2]:-} in within-noise | changed | not-significant) ;; *) fail "the layout pair's verdict is '${LV[pre~L2]:-}', not a research pair's" ;; esac
echo "ok: the true A/A sets the floor (${LF[post]}%); pre -> post is ${LV[post]}, the layout pair ${LV[pre~L2]}"
