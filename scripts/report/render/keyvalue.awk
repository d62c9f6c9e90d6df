# keyvalue: a name,value CSV (two columns, the provenance) as a table
# headed by its first row.
#   render.sh keyvalue name-value.csv
FNR == 1 { header(); next }

# A name,value CSV (the provenance) as a two-column table headed by its
# first row; the values are text, shown as they are.
{
	csvsplit($0, F)
	print "| " F[1] " | " F[2] " |"
	if (!rows++) print "|---|---|"
	next
}
