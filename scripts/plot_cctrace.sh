#!/usr/bin/env bash
# Plot hpnic-cctrace output: window per QP against ACK number, to a PNG.
#   scripts/plot_cctrace.sh OUTPUT.csv PLOT.png [TITLE]
set -euo pipefail
in=$1; png=$2; title=${3:-"HPCC window per QP"}
command -v gnuplot >/dev/null || { echo "plot_cctrace: gnuplot not installed (make deps)"; exit 1; }
qpns=$(grep -v '^#' "$in" | cut -d, -f1 | sort -n | uniq | tr '\n' ' ')
gnuplot <<GP
set terminal pngcairo size 1000,600
set output "$png"
set datafile separator ","
set title "$title"
set xlabel "ACK number (trace order)"
set ylabel "W (bytes)"
set logscale y
set key outside right
plot for [q in "$qpns"] "$in" using 0:(\$1 == q ? \$2 : 1/0) with points pt 7 ps 0.4 title "QP ".q
GP
echo "plot: $png"
