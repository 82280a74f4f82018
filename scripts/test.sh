#!/usr/bin/env bash
# `npm test`: every test, in order from fastest to slowest to fail.
#   1. rustfmt and clippy (warnings are errors), native and wasm32; the page's import rules
#      (npm run lint:deps, .dependency-cruiser.cjs); the catalogs (npm run i18n:check,
#      docs/translating.md)
#   2. native Rust tests: unit, doc, OEIS table, proptest against a recursive reference, and
#      the GPU counter (`--features bitqueens-cli/gpu`) on a Vulkan driver
#   3. wasm-bindgen tests of the JS facade, in headless Chromium
#   4. a production build (wasm + webpack into dist/)
#   5. JS unit tests and Playwright end-to-end tests of the built page
#   6. when Slurm is installed: the cluster test (npm run test:cluster), unless the caller
#      ran it already (BITQUEENS_CLUSTER_TESTED=1, as .ci/run does)
cd "$(dirname "$0")/.."
source scripts/common.sh
source scripts/toolchain.sh

require_node_for_tests
require_chromium
require_vulkan
ensure_wasm_target
ensure_wasm_bindgen_cli

step() { printf '\n==> %s\n' "$*"; }

step "rustfmt and clippy"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --features bitqueens-cli/gpu --quiet -- -D warnings
cargo clippy -p bitqueens --target wasm32-unknown-unknown --lib --tests --quiet -- -D warnings

step "the page's import rules (dependency-cruiser)"
npm run --silent lint:deps

step "the catalogs (valid Fluent, every offered language complete, no English left in the parts moved)"
npm run --silent i18n:check

step "native Rust tests (the GPU counter's on this machine's Vulkan: its GPU, or lavapipe on the CPU)"
cargo test --workspace --features bitqueens-cli/gpu --quiet

step "wasm facade tests in headless Chromium"
cargo test -p bitqueens --target wasm32-unknown-unknown --lib

step "production build"
npm run --silent build

step "JS unit tests and end-to-end tests in Chromium"
bash scripts/node-suites.sh

if [ "${BITQUEENS_CLUSTER_TESTED:-}" != 1 ] && command -v slurmctld >/dev/null 2>&1 &&
  command -v slurmd >/dev/null 2>&1 && command -v sbatch >/dev/null 2>&1 &&
  command -v munged >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
  step "a count on a single-node Slurm"
  bash scripts/cluster/test.sh
elif [ "${BITQUEENS_CLUSTER_TESTED:-}" != 1 ] && command -v slurmctld >/dev/null 2>&1; then
  say "Slurm is installed but this is not root: the cluster test is left out (run sudo npm run test:cluster)."
fi
