# callgrind-calls.awk CALLGRIND.OUT: "FUNCTION CALLS INCLUSIVE" for every
# function called in the profile, summed over its call sites.  A call
# site is a cfn= line, then calls=COUNT ..., then the line of the costs
# that call took (position, then Ir).  Names are compressed: "(12) name"
# the first time a fn= or cfn= line names a function, "(12)" after.
function name(s,   id, rest) {
	if (!match(s, /^\([0-9]+\)/))
		return s
	id = substr(s, 2, RLENGTH - 2)
	rest = substr(s, RLENGTH + 1)
	sub(/^ /, "", rest)
	if (rest != "")
		names[id] = rest
	return names[id]
}
/^fn=/ { name(substr($0, 4)); next }
/^cfn=/ { callee = name(substr($0, 5)); next }
/^calls=/ { split(substr($0, 7), c, " "); ncalls = c[1]; cost_next = 1; next }
cost_next { calls[callee] += ncalls; incl[callee] += $2; cost_next = 0 }
END { for (f in calls) print f, calls[f], incl[f] }
