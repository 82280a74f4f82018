#!/usr/bin/env bash
# Builds the Rust core for the browser into www/pkg/ (release mode, wasm-bindgen, no wasm-pack).
cd "$(dirname "$0")/.."
source scripts/common.sh
source scripts/toolchain.sh

ensure_wasm_target
ensure_wasm_bindgen_cli

mkdir -p www/pkg && [ -w www/pkg ] ||
  fail "cannot write to $(pwd)/www/pkg, where the built core goes. Make the folder writable (or remove it) and run the command again."
say "compiling the Rust core to WebAssembly (release; about a minute the first time)…"
cargo build -p bitqueens --release --target wasm32-unknown-unknown
wasm-bindgen --target bundler --out-dir www/pkg \
  "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/release/bitqueens.wasm"
say "www/pkg/ built ($(du -k www/pkg/bitqueens_bg.wasm | cut -f1) KiB of wasm)."
