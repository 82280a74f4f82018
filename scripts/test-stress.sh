#!/usr/bin/env bash
# `npm run test:stress`: the proof that the node suites (JS unit tests and the end-to-end tests
# of the built page) pass on a slow, narrow or busy machine and on the newest Node LTS. Runs
# them RUNS times (default 3) under each of:
#   pinned   `taskset -c 0`: one core for the tests, Chromium and its workers;
#   busy     a busy loop on every core of the machine while they run;
#   node24   Node.js 24 from the npm registry (installed by scripts/toolchain.sh if missing).
# Each run's output goes to test-results/stress/CONDITION-K.log; a summary with the time of
# each run ends the output. Exits 1 if any run failed.
# The pinned and busy runs reach every state later: they widen every bound the tests give a
# state to come (tests/support/patience.js) by BITQUEENS_TIME_SCALE, 3 unless it is set. The
# waits stay waits for states: a test that never gets there still fails, only later.
cd "$(dirname "$0")/.."
source scripts/common.sh
source scripts/toolchain.sh

RUNS=${RUNS:-3}
slow_scale=${BITQUEENS_TIME_SCALE:-3}
command -v taskset >/dev/null 2>&1 ||
  fail "taskset was not found (it pins the tests to one core). Install it with: sudo apt-get install -y util-linux"
require_node_for_tests
require_chromium
node_newest=$(ensure_node_newest)

say "building the page once for every run (npm run build)…"
npm run --silent build

logs=test-results/stress
mkdir -p "$logs"
summary=()
failed=0

busy_pids=()
stop_busy() {
  local pid
  for pid in "${busy_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  busy_pids=()
}
trap stop_busy EXIT
start_busy() {
  local cores i
  cores=$(nproc 2>/dev/null || echo 2)
  for ((i = 0; i < cores; i++)); do
    sh -c 'while :; do :; done' &
    busy_pids+=("$!")
  done
  say "a busy loop runs on each of the $cores cores."
}

# Runs the suites once under CONDITION; records its outcome and time.
run_once() {
  local condition=$1 k=$2 log started status
  log="$logs/$condition-$k.log"
  say "run $k of $RUNS, $condition (output in $log)…"
  started=$SECONDS
  case "$condition" in
    pinned) BITQUEENS_TIME_SCALE=$slow_scale taskset -c 0 bash scripts/node-suites.sh >"$log" 2>&1 && status=0 || status=$? ;;
    busy) start_busy; BITQUEENS_TIME_SCALE=$slow_scale bash scripts/node-suites.sh >"$log" 2>&1 && status=0 || status=$?; stop_busy ;;
    node24) bash scripts/node-suites.sh "$node_newest" >"$log" 2>&1 && status=0 || status=$? ;;
  esac
  local seconds=$((SECONDS - started)) counts
  counts=$(grep -E '^# (pass|fail) ' "$log" | tr '\n' ' ' || true)
  if [ "$status" -eq 0 ]; then
    summary+=("$condition run $k: passed in ${seconds} s (${counts% })")
  else
    failed=$((failed + 1))
    summary+=("$condition run $k: FAILED (exit $status) after ${seconds} s (${counts% }); see $log")
  fi
}

for condition in pinned busy node24; do
  for ((k = 1; k <= RUNS; k++)); do run_once "$condition" "$k"; done
done

printf '\nbitqueens: test:stress summary (%s runs each; Node %s and %s; pinned and busy with BITQUEENS_TIME_SCALE=%s)\n' "$RUNS" "$(node --version)" "$("$node_newest" --version)" "$slow_scale"
printf '  %s\n' "${summary[@]}"
[ "$failed" -eq 0 ] || fail "$failed of $((3 * RUNS)) runs failed: read their logs above."
say "all $((3 * RUNS)) runs passed."
