#!/usr/bin/env bash
# The GPU counter on a real GPU, in one bounded run (at most 7 minutes): `count N --gpu` for
# N = 18..22, each total checked against the published value (OEIS A000170, written here from
# the table, not from the counter), then the CPU counter on every core for N = 18..20, for the
# ratio. Prints one line per count and writes them as JSON lines to $OUT/gpu-bench.jsonl (or
# ./gpu-bench.jsonl).
#
# It runs a prebuilt binary (a machine lent for minutes builds nothing). Prepare here:
#   cargo build --release -p bitqueens-cli --features gpu
#   mkdir -p .gpu-bin && cp target/release/bitqueens .gpu-bin/ && echo /.gpu-bin/ >> .git/info/exclude
# and, where the machine has no Vulkan loader, its packages in .gl (see the device tool's notes);
# then run there: bash scripts/gpu-device-bench.sh .gpu-bin/bitqueens
set -uo pipefail
BIN=${1:-.gpu-bin/bitqueens}
OUT_FILE="${OUT:-.}/gpu-bench.jsonl"
: > "$OUT_FILE"
[ -x "$BIN" ] || { echo "gpu-device-bench: no binary at $BIN: build it as the header says." >&2; exit 2; }

# OEIS A000170 (totals) and A002562 (unique), N = 18..22.
declare -A PUBLISHED=([18]=666090624 [19]=4968057848 [20]=39029188884 [21]=314666222712 [22]=2691008701644)
declare -A UNIQUE=([18]=83263591 [19]=621012754 [20]=4878666808 [21]=39333324973 [22]=336376244042)

# The whole run ends within 420 s (the device tool's command limit is 600 s): each count gets
# at most its own limit and what is left.
DEADLINE=$((SECONDS + 420))
within() { local left=$((DEADLINE - SECONDS)); [ "$left" -lt "$1" ] && echo "$left" || echo "$1"; }
gpu_limit() { case $1 in 22) within 240 ;; 21) within 90 ;; *) within 45 ;; esac; }

status=0
for n in 18 19 20 21 22; do
  [ "$(gpu_limit "$n")" -ge 5 ] || { echo "N=$n --gpu: left out, the run's time is spent"; break; }
  line=$(timeout "$(gpu_limit "$n")" "$BIN" count "$n" --gpu --json --quiet)
  code=$?
  if [ $code -ne 0 ]; then
    echo "N=$n --gpu: no result (exit $code, limit $(gpu_limit "$n") s)"
    echo "{\"n\":$n,\"device\":\"gpu\",\"exit\":$code}" >> "$OUT_FILE"
    status=1
    [ $code -eq 124 ] && break # a larger N would take longer still
    continue
  fi
  echo "$line" >> "$OUT_FILE"
  total=$(echo "$line" | sed -E 's/.*"total":([0-9]+).*/\1/')
  unique=$(echo "$line" | sed -E 's/.*"unique":([0-9]+).*/\1/')
  seconds=$(echo "$line" | sed -E 's/.*"seconds":([0-9.e+-]+).*/\1/')
  adapter=$(echo "$line" | sed -E 's/.*"adapter":"([^"]*)".*/\1/')
  verdict=agrees
  [ "$total" = "${PUBLISHED[$n]}" ] && [ "$unique" = "${UNIQUE[$n]}" ] ||
    { verdict="DIFFERS from ${PUBLISHED[$n]} / ${UNIQUE[$n]}"; status=1; }
  echo "N=$n on the GPU ($adapter): $total in $seconds s, $verdict"
done

for n in 18 19 20; do
  [ "$(within 120)" -ge 5 ] || { echo "N=$n on the CPU: left out, the run's time is spent"; break; }
  line=$(timeout "$(within 120)" "$BIN" count "$n" --json --quiet)
  code=$?
  if [ $code -ne 0 ]; then
    echo "N=$n on the CPU: no result (exit $code)"
    status=1
    continue
  fi
  echo "$line" >> "$OUT_FILE"
  total=$(echo "$line" | sed -E 's/.*"total":([0-9]+).*/\1/')
  seconds=$(echo "$line" | sed -E 's/.*"seconds":([0-9.e+-]+).*/\1/')
  threads=$(echo "$line" | sed -E 's/.*"threads":([0-9]+).*/\1/')
  verdict=agrees
  [ "$total" = "${PUBLISHED[$n]}" ] || { verdict="DIFFERS from ${PUBLISHED[$n]}"; status=1; }
  echo "N=$n on the CPU ($threads threads, meeting in the middle): $total in $seconds s, $verdict"
done
exit $status
