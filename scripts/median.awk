# median.awk: awk's median of a[1..n], for the scripts that take
# medians over a run's processes (a few dozen values: insertion sort).
# A script puts this file's text before its own program:
#   awk -F, "$(<"$dir/median.awk")"'...program...'
# median() sorts a in place.
function median(a, n,   i, j, t) {
	for (i = 2; i <= n; i++) {
		t = a[i]
		for (j = i - 1; j >= 1 && a[j] > t; j--)
			a[j + 1] = a[j]
		a[j + 1] = t
	}
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
