#!/usr/bin/env bash
# Meeting in the middle against the reference meet-in-the-middle counter
# (github.com/EvgenyKluev/N-Queens-Count-Sol, MIT; built here for measuring only, never copied
# into the project), side by side on one pinned core (issue 43). Prints a table: per N, the
# reference's time over ours (> 1: we are faster), the median of PAIRS runs of each taken in
# turn (reference, ours, reference, ours, …); both counts beside the published ones (ours with
# its unique count, by Burnside's lemma); the peak memory (GNU time's maximum resident set) of
# both at the largest N; ours on two threads against one at THREADS_N. Run it on a quiet
# machine: the figures are wall times.
#
#   npm run bench:even                                   N = 16..20 (about 40 minutes)
#   BENCH_N="16 17" PAIRS=5 npm run bench:even
#   BENCH_N=12 PAIRS=1 THREADS_N=12 npm run bench:even     (a check that it runs: seconds)
#   WASM=1 npm run bench:even                            also the page's counter at N = 17
#
# BENCH_N: the sizes (16 to 20 by default; the reference takes 12 and up). PAIRS: the pairs
# per N (default 5 up to N = 18 and 2 above). THREADS_N: the sizes timed on two threads
# (default "18 19", those of BENCH_N). CORE: the core to pin to (default 0).
# KLUEV_SRC: a checkout or a bare clone of the reference (default: cloned from GitHub into a temporary
# folder). WASM=1: after the table, meeting in the middle in the built page (dist/, one
# worker, SIMD) against ours natively at WASM_N (default 17), pair by pair, by
# scripts/bench-page-counter.js (run `npm run build` first).
cd "$(dirname "$0")/.."
source scripts/common.sh
source scripts/toolchain.sh

BENCH_N=${BENCH_N:-16 17 18 19 20}
THREADS_N=${THREADS_N:-18 19}
CORE=${CORE:-0}
WASM_N=${WASM_N:-17}

ensure_cargo
[ -x /usr/bin/time ] || apt_install "the time and peak memory of each run (GNU time)" time
command -v taskset >/dev/null 2>&1 || apt_install "pinning each run to one core (taskset)" util-linux
command -v g++ >/dev/null 2>&1 || apt_install "building the reference counter (g++)" g++
command -v git >/dev/null 2>&1 || apt_install "fetching the reference counter (git)" git

WORK=$(mktemp -d "${TMPDIR:-/tmp}/bitqueens-even.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

src=${KLUEV_SRC:-}
if [ -z "$src" ]; then
  say "fetching the reference counter from GitHub…"
  git clone --quiet --depth 1 https://github.com/EvgenyKluev/N-Queens-Count-Sol "$WORK/kluev-src" ||
    fail "could not clone github.com/EvgenyKluev/N-Queens-Count-Sol; clone it yourself and run again with KLUEV_SRC=that-folder."
  src="$WORK/kluev-src"
fi
if [ ! -f "$src/solcounter.h" ] && git --git-dir="$src" rev-parse --git-dir >/dev/null 2>&1; then
  # A bare clone: its newest commit's files.
  mkdir "$WORK/kluev-tree"
  git --git-dir="$src" archive HEAD | tar -x -C "$WORK/kluev-tree"
  src="$WORK/kluev-tree"
fi
[ -f "$src/solcounter.h" ] && [ -f "$src/main.cpp" ] ||
  fail "KLUEV_SRC=$src is not a checkout of N-Queens-Count-Sol (no solcounter.h or main.cpp there)."

# The reference's board size and tuning are compile-time constants: one binary per N, with
# the parameters of the table in its solcounter.h, BMI2 and prefetch on (its README's two
# includes), -O3 -march=native (it uses AVX-512 where the CPU has it).
build_reference() {
  local n=$1 out="$WORK/kluev"
  if [ ! -d "$out" ]; then
    cp -r "$src" "$out"
    sed -i 's|^// *#include "bmi2.h"|#include "bmi2.h"|' "$out/bmintrin.h"
    sed -i 's|^// *#include "prefetchx86.h"|#include "prefetchx86.h"|' "$out/prefetch.h"
    grep -q '^#include "bmi2.h"' "$out/bmintrin.h" && grep -q '^#include "prefetchx86.h"' "$out/prefetch.h" ||
      fail "could not turn on BMI2 and prefetch in the reference's sources (they changed): see its README."
    cp "$out/solcounter.h" "$out/solcounter.orig"
  fi
  local cuts=0 minsz=40 bmi=false
  [ "$n" -ge 19 ] && bmi=true
  [ "$n" -ge 20 ] && { cuts=3; minsz=60; }
  sed -e "s/^inline constexpr int size = .*/inline constexpr int size = $n;/" \
      -e "s/\.sieveCuts = [0-9]*/.sieveCuts = $cuts/" \
      -e "s/\.matchMinSize = [0-9]*/.matchMinSize = $minsz/" \
      -e "s/\.bmiIntrin = [a-z]*/.bmiIntrin = $bmi/" \
      -e "s/\.prefetch = [a-z]*/.prefetch = true/" "$out/solcounter.orig" >"$out/solcounter.h"
  grep -q "inline constexpr int size = $n;" "$out/solcounter.h" ||
    fail "could not set the reference's board size in its solcounter.h (its sources changed)."
  (cd "$out" && g++ -std=c++20 -O3 -march=native main.cpp -o "nq$n" -lpthread) ||
    fail "g++ could not build the reference for N = $n (it needs g++ 11 or later, C++20)."
}

say "building the command line (release, LTO; about a minute the first time)…"
cargo build --quiet --release -p bitqueens-cli ||
  fail "cargo build --release -p bitqueens-cli failed (see above); fix it and run the benchmark again."
BIN="$PWD/target/release/bitqueens"

# The published counts, from the core's one table (crate/src/published.rs): value n of the
# array named $1.
published() {
  awk -v name="$1" -v n="$2" '
    $0 ~ "pub const " name ":" { on = 1; i = 0; next }
    on && /^\];/ { on = 0 }
    on { gsub(/[_, ]/, ""); if (++i == n) print }' crate/src/published.rs
}

# One timed run, pinned: "seconds peak_kib" in $WORK/time (the wall time to the microsecond,
# from bash's clock: GNU time's has two decimals), its output in $WORK/out.
timed() {
  local start=$EPOCHREALTIME
  /usr/bin/time -f '%M' -o "$WORK/peak" taskset -c "$1" "${@:2}" >"$WORK/out" ||
    fail "this run failed: ${*:2} (its output: $(tail -3 "$WORK/out"))"
  local end=$EPOCHREALTIME
  echo "$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.4f", b - a }') $(tail -1 "$WORK/peak")" >"$WORK/time"
}

# A count beside the published one.
mark() { if [ "$1" = "$2" ]; then echo "$1 ✓"; else echo "$1 ✗ (published $2)"; fi; }

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

rows=()
declare -A ours_median
for n in $BENCH_N; do
  say "N = $n: building the reference…"
  build_reference "$n"
  pairs=${PAIRS:-$([ "$n" -le 18 ] && echo 5 || echo 2)}
  : >"$WORK/ref.s"; : >"$WORK/ours.s"; : >"$WORK/ratio"
  ref_peak=0; ours_peak=0
  for ((p = 1; p <= pairs; p++)); do
    say "N = $n: pair $p of $pairs…"
    timed "$CORE" "$WORK/kluev/nq$n" 1
    read -r rs rk <"$WORK/time"
    ref_total=$(awk '/^Result:/ { print $2 }' "$WORK/out")
    timed "$CORE" "$BIN" count "$n" --threads 1 --unique --json -q
    read -r os ok <"$WORK/time"
    ours=$(node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log(r.total, r.unique)' "$WORK/out")
    echo "$rs" >>"$WORK/ref.s"; echo "$os" >>"$WORK/ours.s"
    awk -v a="$rs" -v b="$os" 'BEGIN { print a / b }' >>"$WORK/ratio"
    [ "$rk" -gt "$ref_peak" ] && ref_peak=$rk
    [ "$ok" -gt "$ours_peak" ] && ours_peak=$ok
  done
  total=$(published A000170 "$n"); unique=$(published A002562 "$n")
  read -r ours_total ours_unique <<<"$ours"
  ref_s=$(median <"$WORK/ref.s"); ours_s=$(median <"$WORK/ours.s"); ratio=$(median <"$WORK/ratio")
  ours_median[$n]=$ours_s
  rows+=("| $n | $pairs | $ref_s | $ours_s | **$(printf '%.2f' "$ratio")×** ($(sort -g "$WORK/ratio" | head -1 | xargs printf '%.2f')–$(sort -g "$WORK/ratio" | tail -1 | xargs printf '%.2f')) | $(mark "$ref_total" "$total") | $(mark "$ours_total" "$total"), $(mark "$ours_unique" "$unique") | $((ref_peak / 1024)) / $((ours_peak / 1024)) |")
done

threads=()
for n in $THREADS_N; do
  [ -n "${ours_median[$n]:-}" ] || continue
  say "N = $n: two threads…"
  : >"$WORK/two.s"
  for ((p = 1; p <= ${PAIRS:-2}; p++)); do
    timed "$CORE,$((CORE ^ 1))" "$BIN" count "$n" --threads 2 --unique --json -q
    read -r ts _ <"$WORK/time"
    echo "$ts" >>"$WORK/two.s"
  done
  two=$(median <"$WORK/two.s")
  threads+=("| $n | ${ours_median[$n]} | $two | **$(awk -v a="${ours_median[$n]}" -v b="$two" 'BEGIN { printf "%.2f", a / b }')×** |")
done

echo
echo "Reference (github.com/EvgenyKluev/N-Queens-Count-Sol, g++ -O3 -march=native, one thread) against"
echo "bitqueens count N --threads 1 --unique, pinned to core $CORE, in turn; medians (s) at $(git rev-parse --short HEAD):"
echo
echo "| N | pairs | reference (s) | ours (s) | reference / ours (range) | reference's count | our total, unique | peak MiB, reference / ours |"
echo "|---|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
if [ "${#threads[@]}" -gt 0 ]; then
  echo
  echo "| N | ours, 1 thread (s) | ours, 2 threads (s) | speed-up |"
  echo "|---|---|---|---|"
  printf '%s\n' "${threads[@]}"
fi

if [ "${WASM:-0}" = 1 ]; then
  [ -d dist ] || fail "WASM=1 measures the built page: run npm run build first."
  say "N = $WASM_N in the page (Chromium, one worker) and natively, in turn…"
  echo
  N="$WASM_N" PAIRS="${PAIRS:-5}" CORE="$CORE" BITQUEENS="$BIN" node scripts/bench-page-counter.js ||
    fail "scripts/bench-page-counter.js failed (see above)."
fi
