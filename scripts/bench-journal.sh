#!/usr/bin/env bash
# Native counting figures for the README (issue 13, part 5): `bitqueens count N` on every
# core, with and without a journal: wall time, nodes per second, peak memory (resident), and
# what the journal costs. Runs alternate (plain, journal, plain, …) so that a busy moment of
# the machine hits both; the table gives the median of each. Run it on a quiet machine:
#
#   npm run bench:journal                      N = 17 18 19 20 (about 70 minutes on 2 cores)
#   BENCH_N="17 18" REPEAT=5 npm run bench:journal
#
# REPEAT (default 3) runs of each for N <= 18, one above (N = 20 takes minutes a run).
# METHOD (default backtrack, the counter of the README's journal table; or meet).
# Every count is checked against the published table (bitqueens merge compares it).
cd "$(dirname "$0")/.."
source scripts/common.sh
source scripts/toolchain.sh

BENCH_N=${BENCH_N:-17 18 19 20}
REPEAT=${REPEAT:-3}
METHOD=${METHOD:-backtrack}

ensure_cargo
[ -x /usr/bin/time ] || apt_install "the peak memory of each run (GNU time)" time
command -v node >/dev/null 2>&1 || fail "this benchmark reads the JSON reports with node, which was not found. Install Node.js 18 or later."
say "building the command line (release, LTO; about a minute the first time)…"
cargo build --quiet --release -p bitqueens-cli ||
  fail "cargo build --release -p bitqueens-cli failed (see above); fix it and run the benchmark again."
BIN="$PWD/target/release/bitqueens"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/bitqueens-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# One run: prints "seconds nodes peak_kib" of `count N [--journal FILE]`, checked. The
# seconds are the whole process's (GNU time's %e), so opening the journal counts too.
# --parts: merge checks the report's parts (a whole count's summary has none).
run() {
  local n=$1 mode=$2 extra=()
  if [ "$mode" = journal ]; then
    rm -f "$WORK/j"
    extra=(--journal "$WORK/j")
  fi
  /usr/bin/time -f '%e %M' -o "$WORK/time" "$BIN" count "$n" --method "$METHOD" --json --parts -q "${extra[@]}" >"$WORK/report.json" ||
    fail "bitqueens count $n ${extra[*]} failed (see above)."
  "$BIN" merge "$WORK/report.json" >/dev/null ||
    fail "bitqueens count $n ${extra[*]} did not give the published counts."
  node -e '
    const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    if (r.fromJournal !== 0) throw new Error("the journal was not new");
    const [seconds, peak] = process.argv[2].split(" ");
    console.log(seconds, r.nodes, peak);
  ' "$WORK/report.json" "$(tail -n 1 "$WORK/time")"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
threads=$(nproc)
rows=()
for n in $BENCH_N; do
  times=$REPEAT
  [ "$n" -le 18 ] || times=1
  : >"$WORK/plain"
  : >"$WORK/journal"
  for i in $(seq 1 "$times"); do
    for mode in plain journal; do
      say "N = $n, $mode, run $i of $times…"
      run "$n" "$mode" >>"$WORK/$mode"
    done
  done
  for mode in plain journal; do
    seconds=$(awk '{ print $1 }' "$WORK/$mode" | median)
    nodes=$(awk 'NR == 1 { print $2 }' "$WORK/$mode")
    peak=$(awk '{ print $3 }' "$WORK/$mode" | median)
    rate=$(awk -v n="$nodes" -v s="$seconds" 'BEGIN { printf "%.0f", n / s / 1e6 }')
    mib=$(awk -v k="$peak" 'BEGIN { printf "%.1f", k / 1024 }')
    printf -v "$mode" '%s' "$seconds"
    rows+=("| $n | $mode | $(printf '%.2f' "$seconds") | $rate | $mib |")
  done
  cost=$(awk -v p="$plain" -v j="$journal" 'BEGIN { printf "%+.2f%%", (j - p) / p * 100 }')
  rows+=("| $n | journal cost | $cost of the time | | |")
done

echo
echo "Native, $threads threads, commit $commit, median of runs (REPEAT=$REPEAT for N <= 18, 1 above):"
echo
echo "| N | Run | Seconds | M nodes/s | Peak memory (MiB) |"
echo "|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
echo
echo "Every count equals OEIS A000170 / A002562 (checked by bitqueens merge)."
