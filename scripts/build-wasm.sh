#!/usr/bin/env bash
# Builds the Rust core for the browser into www/pkg/ (release mode, wasm-bindgen, no wasm-pack).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/toolchain.sh

ensure_wasm_target
ensure_wasm_bindgen_cli

cargo build -p bitqueens --release --target wasm32-unknown-unknown
wasm-bindgen --target bundler --out-dir www/pkg \
  target/wasm32-unknown-unknown/release/bitqueens.wasm
echo "bitqueens: www/pkg/ built ($(du -k www/pkg/bitqueens_bg.wasm | cut -f1) KiB of wasm)."
