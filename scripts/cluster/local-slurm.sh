#!/usr/bin/env bash
# A single-node Slurm on this machine, started by hand (no systemd), for tests and trials.
#
#   scripts/cluster/local-slurm.sh start DIR   # DIR: an empty folder (made if missing)
#   source DIR/env                              # SLURM_CONF for sbatch, squeue, scontrol…
#   scripts/cluster/local-slurm.sh stop DIR
#
# Everything lives in DIR: the config (DIR/etc/slurm.conf), the munge key and socket
# (DIR/munge), state, spool, logs (DIR/log) and the PIDs of the three daemons it started
# (DIR/pids). `stop` ends exactly those PIDs, each only if it is still the program it
# started, and nothing else. Needs root (munged runs as the munge user, the Slurm daemons as
# the user who starts them) and Debian's slurmctld, slurmd, slurm-client and munge.
# The node has the machine's cores (nproc) and 1000 MB.
cd "$(dirname "$0")/../.."
source scripts/common.sh

# Each client call is bounded: without a controller they retry for minutes.
CLIENT_TIMEOUT=10

usage() { fail "usage: scripts/cluster/local-slurm.sh start|stop DIR"; }

require_tools() {
  local tool missing=()
  for tool in munged munge unmunge slurmctld slurmd sinfo setpriv; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
  done
  [ ${#missing[@]} -eq 0 ] ||
    fail "a local Slurm needs ${missing[*]}, not found. Install them with: sudo apt-get install -y --no-install-recommends slurmctld slurmd slurm-client munge (or run npm run test:cluster, which does it)"
  id munge >/dev/null 2>&1 ||
    fail "there is no munge user (Debian's munge package makes it). Reinstall it with: sudo apt-get install --reinstall -y munge"
  [ "$(id -u)" -eq 0 ] ||
    fail "a local Slurm must be started as root (munged runs as the munge user). Run this again with sudo."
}

# A free TCP port on the loopback interface, chosen by the kernel.
free_port() {
  command -v node >/dev/null 2>&1 || { echo "$1"; return 0; }
  node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}

# Waits until `test_command` succeeds, for at most `seconds`; fails with `what` otherwise.
wait_for() {
  local seconds=$1 what=$2
  shift 2
  local deadline=$((SECONDS + seconds))
  until "$@" >/dev/null 2>&1; do
    if [ $SECONDS -ge $deadline ]; then
      return 1
    fi
    sleep 0.2
  done
}

start() {
  local dir=$1
  require_tools
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  [ ! -s "$dir/pids" ] ||
    fail "$dir/pids exists: a local Slurm may still run from $dir. Stop it first with: scripts/cluster/local-slurm.sh stop $dir"
  local host
  host=$(hostname -s)
  # munged checks that no one else can write along the way to its socket; the munge user
  # must be able to pass through DIR (0711), and owns its own folder.
  chmod 0711 "$dir"
  mkdir -p "$dir/munge" "$dir/etc" "$dir/log" "$dir/state" "$dir/spool"
  chown munge: "$dir/munge"
  chmod 0711 "$dir/munge"
  (umask 077 && head -c 1024 /dev/urandom >"$dir/munge/munge.key")
  chown munge: "$dir/munge/munge.key"
  chmod 0400 "$dir/munge/munge.key"
  setpriv --reuid=munge --regid=munge --init-groups test -x "$dir/munge" ||
    fail "the munge user cannot reach $dir/munge: a folder above it is closed to others (mode 0700?). Give every folder above it at least mode 0711, or start the cluster in another folder."
  local socket="$dir/munge/munge.socket.2"
  : >"$dir/pids"

  say "starting munged (socket $socket)…"
  setpriv --reuid=munge --regid=munge --init-groups \
    munged -F --socket="$socket" --key-file="$dir/munge/munge.key" \
    --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" \
    --seed-file="$dir/munge/munged.seed" >>"$dir/log/munged.out" 2>&1 &
  echo "munged $!" >>"$dir/pids"
  wait_for 10 "munged" bash -c "munge -S '$socket' -n | unmunge -S '$socket'" ||
    fail "munged did not answer on $socket within 10 s. Its log: $dir/munge/munged.log. Stop what started with: scripts/cluster/local-slurm.sh stop $dir"

  local user ctld_port slurmd_port cpus
  user=$(id -un)
  ctld_port=$(free_port 6817)
  slurmd_port=$(free_port 6818)
  cpus=$(nproc)
  cat >"$dir/etc/slurm.conf" <<EOF
# Made by scripts/cluster/local-slurm.sh: a one-node cluster living in $dir.
ClusterName=bitqueens-local
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
CredType=cred/munge
# cred_expire is also how long a requeued job waits before it may start again (default 120 s).
AuthInfo=socket=$socket,cred_expire=10
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MailProg=/bin/true
MinJobAge=5
SchedulerParameters=batch_sched_delay=0
ReturnToService=2
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool/slurmd-%n
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd-%n.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
PlugStackConfig=$dir/etc/plugstack.conf
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=1000 State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
  : >"$dir/etc/plugstack.conf"
  printf 'export SLURM_CONF=%q\n' "$dir/etc/slurm.conf" >"$dir/env"
  export SLURM_CONF="$dir/etc/slurm.conf"

  say "starting slurmctld and slurmd (ports $ctld_port, $slurmd_port; logs in $dir/log)…"
  slurmctld -D -i -f "$SLURM_CONF" >>"$dir/log/slurmctld.out" 2>&1 &
  echo "slurmctld $!" >>"$dir/pids"
  slurmd -D -f "$SLURM_CONF" >>"$dir/log/slurmd.out" 2>&1 &
  echo "slurmd $!" >>"$dir/pids"
  node_idle() { [ "$(timeout "$CLIENT_TIMEOUT" sinfo -h -N -o %T 2>/dev/null)" = idle ]; }
  wait_for 30 "the node" node_idle ||
    fail "the Slurm node did not come up (idle) within 30 s. See $dir/log/slurmctld.log and $dir/log/slurmd.log. Stop what started with: scripts/cluster/local-slurm.sh stop $dir"
  say "a local Slurm is up: source $dir/env, then use sbatch, squeue, scontrol as usual."
}

# Ends one recorded process if it is still the program that was started (a PID can be
# reused once its process is gone), waiting up to 10 s before SIGKILL.
stop_one() {
  local name=$1 pid=$2 dir=$3 waited=0 cmdline
  [ -r "/proc/$pid/cmdline" ] || return 0
  cmdline=$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null || true)
  case "$cmdline" in
    *"$name"*"$dir"*) ;;
    *) return 0 ;; # gone, and its PID reused by another program
  esac
  kill -TERM "$pid" 2>/dev/null || return 0
  while kill -0 "$pid" 2>/dev/null && [ $waited -lt 50 ]; do
    sleep 0.2
    waited=$((waited + 1))
  done
  if kill -0 "$pid" 2>/dev/null; then
    say "$name ($pid) did not stop within 10 s: killing it."
    kill -KILL "$pid" 2>/dev/null || true
  fi
}

stop() {
  local dir name pid
  dir=$(cd "$1" 2>/dev/null && pwd) || { say "no folder $1: nothing to stop."; return 0; }
  [ -f "$dir/pids" ] || { say "no $dir/pids: nothing to stop."; return 0; }
  # Jobs left on this cluster are cancelled first, so that no job step outlives slurmd.
  if [ -f "$dir/etc/slurm.conf" ] && command -v scancel >/dev/null 2>&1; then
    SLURM_CONF="$dir/etc/slurm.conf" timeout "$CLIENT_TIMEOUT" scancel --user="$(id -un)" 2>/dev/null || true
  fi
  # The Slurm daemons first (they use munge), in the reverse order of their start.
  while read -r name pid; do
    stop_one "$name" "$pid" "$dir"
  done < <(tac "$dir/pids")
  rm -f "$dir/pids"
  say "the local Slurm of $dir is stopped."
}

[ $# -eq 2 ] || usage
case "$1" in
  start) start "$2" ;;
  stop) stop "$2" ;;
  *) usage ;;
esac
