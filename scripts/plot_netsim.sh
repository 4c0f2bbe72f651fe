#!/usr/bin/env bash
# Plot one hpnic-netsim run (docs/netsim.md): the bottleneck queue, the
# per-flow rates and Jain's index against time, and each flow's finish time
# against its start, as PNGs next to the CSVs.
#   scripts/plot_netsim.sh RUN_DIR [TITLE]
# writes RUN_DIR/queue.png, rate.png, jain.png (if jain.csv) and fct.png
set -euo pipefail
dir=$1; title=${2:-$(basename "$dir")}
command -v gnuplot >/dev/null || { echo "plot_netsim: gnuplot not installed (make deps)"; exit 1; }
for f in queue.csv rate.csv flows.csv summary.txt; do
  [ -f "$dir/$f" ] || { echo "plot_netsim: $dir/$f missing (run hpnic-netsim first)"; exit 1; }
done
# the bottleneck's column in queue.csv
bot=$(sed -n 's/^bottleneck: switch \([0-9]*\) port \([0-9]*\)$/s\1p\2/p' "$dir/summary.txt")
qcol=$(head -1 "$dir/queue.csv" | tr ',' '\n' | grep -n -x "$bot" | cut -d: -f1)
[ -n "$qcol" ] || { echo "plot_netsim: bottleneck $bot not in queue.csv"; exit 1; }
# rate.csv columns of the flows worth a line: not mice (< 100 KB), at most 16
cols=$(awk -F, 'NR > 1 && $4 >= 100000 { print $1 + 2 }' "$dir/flows.csv" | head -16 | tr '\n' ' ')
ncol=$(head -1 "$dir/rate.csv" | tr ',' '\n' | grep -n -x total | cut -d: -f1)
gnuplot <<GP
set terminal pngcairo size 1000,500
set datafile separator ","
set grid
set output "$dir/queue.png"
set title "$title: bottleneck queue ($bot)"
set xlabel "time (us)"
set ylabel "queue (KB)"
plot "$dir/queue.csv" using 1:(\$$qcol / 1000.0) every ::1 with lines lw 1.5 title "egress queue, 1 us samples"
set output "$dir/rate.png"
set title "$title: throughput per flow (frame bytes delivered, 10 us bins)"
set ylabel "Gb/s"
set yrange [0:105]
set key outside right
plot for [c in "$cols"] "$dir/rate.csv" using 1:(column(int(c))) every ::1 with lines lw 1.2 title "flow ".(int(c) - 2), \
     "$dir/rate.csv" using 1:$ncol every ::1 with lines lw 2 dt 2 lc rgb "black" title "total"
GP
plots="$dir/queue.png $dir/rate.png"
# fct.png: only when some flow finished (gnuplot refuses an empty plot)
if awk -F, 'NR > 1 && $11 == 1 { f = 1 } END { exit !f }' "$dir/flows.csv"; then
gnuplot <<GP
set terminal pngcairo size 1000,500
set datafile separator ","
set grid
set output "$dir/fct.png"
set title "$title: each flow's finish against its start"
set xlabel "start (us)"
set ylabel "us"
set autoscale y
set yrange [0:*]
set offsets graph 0.03, graph 0.03, 0, 0
set key inside right bottom
plot "$dir/flows.csv" using 6:(\$11 > 0 ? \$7 : 1/0) every ::1 with points pt 7 ps 1.2 title "finish", \
     "$dir/flows.csv" using 6:(\$11 > 0 ? \$8 : 1/0) every ::1 with points pt 5 ps 1.0 title "FCT"
GP
plots="$plots $dir/fct.png"
else
  rm -f "$dir/fct.png"
  echo "plot_netsim: no flow finished: no fct.png"
fi
# jain.png: when some window had two flows or more
if [ -f "$dir/jain.csv" ] && awk -F, 'NR > 1 && $3 >= 2 { f = 1 } END { exit !f }' "$dir/jain.csv"; then
gnuplot <<GP
set terminal pngcairo size 1000,500
set datafile separator ","
set grid
set output "$dir/jain.png"
set title "$title: Jain's index of the flows running through each window"
set xlabel "time (us)"
set ylabel "Jain's index"
set yrange [0:1.05]
set key outside right
plot "$dir/jain.csv" using 1:(\$3 >= 2 ? \$2 : 1/0) every ::1 with lines lw 1 title "10 us windows", \
     "$dir/jain.csv" using 1:(\$5 >= 2 ? \$4 : 1/0) every ::1 with lines lw 2 title "100 us windows"
GP
plots="$plots $dir/jain.png"
fi
echo "plots: $plots"
