#!/usr/bin/env bash
# Plot one hpnic-netsim run (docs/netsim.md): the bottleneck queue and the
# per-flow rates against time, as PNGs next to the CSVs.
#   scripts/plot_netsim.sh RUN_DIR [TITLE]
# writes RUN_DIR/queue.png and RUN_DIR/rate.png
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
echo "plots: $dir/queue.png $dir/rate.png"
