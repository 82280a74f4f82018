#!/usr/bin/env bash
# `npm run test:cluster`: a count shared by a real Slurm, one task killed midway.
#
#   1. installs Slurm and munge from Debian if they are missing;
#   2. builds the command line (debug, as `cargo test` does);
#   3. starts a single-node Slurm in a temp dir (scripts/cluster/local-slurm.sh);
#   4. submits `sbatch --array=1-8 --wait` of scripts/cluster/count.sbatch for N = 14, a
#      journal per task; kills (SIGKILL) the count of task 3 midway and requeues the task;
#   5. checks that task 3 went on from its journal, that `bitqueens merge` refuses the shards
#      without task 3's and adds all eight up to the published counts (the core's table, which `merge --json` reports);
#   6. stops exactly the daemons it started. About half a minute; needs root.
cd "$(dirname "$0")/../.."
source scripts/common.sh
source scripts/toolchain.sh

N=14
K=8
VICTIM=3          # the task killed midway
DELAY_MS=40       # per sub-problem, so that each task runs long enough to be killed midway
CLIENT_TIMEOUT=10 # every Slurm client call: without a controller they retry for minutes

step() { printf '\n==> %s\n' "$*" >&2; }

step "Slurm and munge"
if ! command -v slurmctld >/dev/null 2>&1 || ! command -v slurmd >/dev/null 2>&1 ||
  ! command -v sbatch >/dev/null 2>&1 || ! command -v munged >/dev/null 2>&1; then
  apt_install "the cluster test (npm run test:cluster)" slurmctld slurmd slurm-client munge
fi
# pgrep (Debian's procps) finds the count to kill; without it the test could not tell a
# missing tool from a count that finished too soon.
command -v pgrep >/dev/null 2>&1 || apt_install "the cluster test (npm run test:cluster)" procps
command -v node >/dev/null 2>&1 || fail "the cluster test checks the merged count with node, which was not found. Install Node.js 18 or later."

step "the command line"
ensure_cargo
cargo build --quiet -p bitqueens-cli ||
  fail "cargo build -p bitqueens-cli failed (see above). Fix the build, then run npm run test:cluster again."
export BITQUEENS="$PWD/target/debug/bitqueens"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/bitqueens-cluster.XXXXXX")
chmod 0711 "$WORK" # the munge user must pass through it to its socket
CLUSTER="$WORK/cluster"
OUT="$WORK/out"
SBATCH_PID=
finish() {
  local status=$?
  trap - EXIT
  if [ -n "$SBATCH_PID" ]; then kill "$SBATCH_PID" 2>/dev/null || true; fi
  bash scripts/cluster/local-slurm.sh stop "$CLUSTER" || true
  if [ "$status" -eq 0 ]; then
    rm -rf "$WORK"
  else
    say "the cluster test failed; its files (config, logs, journals, job output) are kept in $WORK."
  fi
  exit "$status"
}
trap finish EXIT

step "a single-node Slurm in $CLUSTER"
bash scripts/cluster/local-slurm.sh start "$CLUSTER"
source "$CLUSTER/env"
mkdir -p "$OUT"

step "sbatch --array=1-$K --wait: N = $N, a journal per task"
SCRIPT="$PWD/scripts/cluster/count.sbatch"
(cd "$OUT" && exec timeout 300 sbatch --array="1-$K" --wait --parsable \
  "$SCRIPT" "$N" "$K" "$OUT" --delay-ms "$DELAY_MS" -q \
  >"$WORK/sbatch.out" 2>"$WORK/sbatch.err") &
SBATCH_PID=$!

# Seconds since the start, and a deadline check for the waits below.
deadline() { [ $SECONDS -lt "$1" ] || fail "$2 (after $SECONDS s). Slurm's logs: $CLUSTER/log; the jobs' output: $OUT."; }

journal="$OUT/n$N-$VICTIM-of-$K.journal"
lines() { if [ -f "$1" ]; then wc -l <"$1"; else echo 0; fi; }
limit=$((SECONDS + 60))
until [ -s "$WORK/sbatch.out" ]; do
  kill -0 "$SBATCH_PID" 2>/dev/null || [ -s "$WORK/sbatch.out" ] ||
    fail "sbatch failed: $(cat "$WORK/sbatch.err"). Slurm's logs: $CLUSTER/log."
  deadline $limit "sbatch printed no job id: $(cat "$WORK/sbatch.err")"
  sleep 0.1
done
job=$(head -n 1 "$WORK/sbatch.out")
job=${job%%;*}
say "job $job submitted; waiting for task $VICTIM to be midway…"
# Midway: at least 5 of its sub-problems in its journal (header aside), and far from done.
until [ "$(lines "$journal")" -ge 6 ]; do
  deadline $limit "task $VICTIM wrote no journal lines"
  sleep 0.05
done
# The count of task $VICTIM: the process whose command line names its journal.
pid=$(pgrep -f -- "--journal $journal" | head -n 1 || true)
[ -n "$pid" ] || fail "task $VICTIM's count finished before it could be killed: raise DELAY_MS in $0."
kill -KILL "$pid"
# Read after the kill: a line written between a read and the kill would be missed.
while kill -0 "$pid" 2>/dev/null; do
  deadline $limit "task $VICTIM's count (pid $pid) was still there after SIGKILL"
  sleep 0.05
done
before=$(($(lines "$journal") - 1))
say "killed task $VICTIM's count (pid $pid) with $before sub-problems in its journal; requeueing it."
# The task fails; requeue it as soon as Slurm has seen that (requeueing a running task
# would race with its end).
until timeout "$CLIENT_TIMEOUT" scontrol requeue "${job}_$VICTIM" 2>"$WORK/requeue.err"; do
  deadline $limit "scontrol requeue ${job}_$VICTIM kept failing: $(cat "$WORK/requeue.err")"
  sleep 0.2
done

step "waiting for every task"
wait "$SBATCH_PID" || say "sbatch --wait ended with status $? (task $VICTIM's first run failed, as it was killed)."
SBATCH_PID=
limit=$((SECONDS + 120))
while [ -n "$(timeout "$CLIENT_TIMEOUT" squeue -h -j "$job" -o %i)" ]; do
  deadline $limit "job $job still has tasks queued or running: $(timeout "$CLIENT_TIMEOUT" squeue -j "$job" || true)"
  sleep 0.5
done

step "checks"
for i in $(seq 1 "$K"); do
  [ -s "$OUT/n$N-$i-of-$K.json" ] ||
    fail "task $i left no report $OUT/n$N-$i-of-$K.json; its output: $(cat "$OUT"/bitqueens-"${job}_$i".out 2>/dev/null || echo none)"
done
grep -q "restart 1" "$OUT/bitqueens-${job}_$VICTIM.out" ||
  fail "task $VICTIM was not run a second time (its output: $(cat "$OUT/bitqueens-${job}_$VICTIM.out"))."
resumed=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).fromJournal)' \
  "$OUT/n$N-$VICTIM-of-$K.json")
[ "$resumed" -ge 1 ] && [ "$resumed" -le "$before" ] ||
  fail "task $VICTIM's second run took $resumed sub-problems from its journal; expected 1 to $before (what was there when it was killed)."
say "task $VICTIM went on from its journal: $resumed sub-problems were not counted again."

others=()
for i in $(seq 1 "$K"); do [ "$i" -eq "$VICTIM" ] || others+=("$OUT/n$N-$i-of-$K.json"); done
if "$BITQUEENS" merge "${others[@]}" >/dev/null 2>"$WORK/merge7.err"; then
  fail "bitqueens merge accepted the shards without shard $VICTIM/$K."
fi
grep -q "shard $VICTIM/$K missing" "$WORK/merge7.err" ||
  fail "bitqueens merge without shard $VICTIM/$K did not name it: $(cat "$WORK/merge7.err")"

"$BITQUEENS" merge "$OUT"/n$N-*-of-$K.json
"$BITQUEENS" merge --json "$OUT"/n$N-*-of-$K.json >"$WORK/merged.json"
# The published counts come with the merge (the core's table, crate/src/published.rs, the
# one the page and the node tests read); the counts were added from the eight shards.
node -e '
  const [file, n, k] = process.argv.slice(1);
  const merged = JSON.parse(require("fs").readFileSync(file, "utf8"));
  const expected = merged.published;
  if (!expected || merged.n !== Number(n) || merged.files !== Number(k) ||
      merged.total !== expected.total || merged.unique !== expected.unique) {
    console.error(`merged ${JSON.stringify(merged)}; expected N = ${n}, ${k} files and the published counts`);
    process.exit(1);
  }
' "$WORK/merged.json" "$N" "$K" ||
  fail "the merged count is not the published one (see above)."
say "cluster test passed: $K tasks on Slurm, task $VICTIM killed and requeued, merged total = OEIS A000170($N)."
