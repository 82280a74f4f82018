#!/usr/bin/env bash
# The live class's figures (issue 41): a release `bitqueens serve` on loopback and WebSocket
# clients (cli/examples/bench_class.rs): 300 students in one room (step latency p50/p99,
# answers taken in per second), 10,000 connections in 100 rooms (the same latency), and the
# server's memory per connection. Run it on a quiet machine:
#
#   npm run bench:class
#   BENCH_STUDENTS=100 BENCH_ROOMS=10 npm run bench:class     smaller
#
# Needs about 10,100 open files in each process: the limit is raised here when it can be.
cd "$(dirname "$0")/.."
source scripts/common.sh
source scripts/toolchain.sh

ensure_cargo
ulimit -n 20000 2>/dev/null || true
if [ "$(ulimit -n)" -lt 10300 ]; then
  fail "this benchmark opens 10,100 connections and the open-file limit is $(ulimit -n): raise it (ulimit -n 20000) or set BENCH_ROOMS and BENCH_PER_ROOM lower."
fi
say "building the command line and the benchmark (release)…"
cargo build --quiet --release -p bitqueens-cli --bin bitqueens --example bench_class ||
  fail "cargo build --release -p bitqueens-cli --bin bitqueens --example bench_class failed (see above); fix it and run the benchmark again."
say "at commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown):"
target/release/examples/bench_class "$PWD/target/release/bitqueens"
