# Sourced by the other scripts: each `ensure_*` installs what is missing and is quick when
# it is already there. Nothing here builds the project.

# The wasm-bindgen version the crate pins (`wasm-bindgen = "=X.Y.Z"`); the CLI must match it.
wasm_bindgen_version() {
  sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' "$(dirname "${BASH_SOURCE[0]}")/../crate/Cargo.toml"
}

ensure_wasm_target() {
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    echo "bitqueens: installing the Rust target wasm32-unknown-unknown (rustup target add)…"
    rustup target add wasm32-unknown-unknown
  fi
}

ensure_wasm_bindgen_cli() {
  local want have
  want=$(wasm_bindgen_version)
  have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')
  if [ "$have" != "$want" ]; then
    echo "bitqueens: installing wasm-bindgen-cli $want to match the crate (found: ${have:-none})."
    echo "           This compiles it once, about 3 minutes on 2 cores."
    # No --locked: one of its locked dependencies is not in the registry.
    cargo install wasm-bindgen-cli --version "$want"
  fi
}

# Prints the first executable among the candidates (empty ones skipped), or says how to
# install the browser test tools and fails.
find_tool() {
  local what=$1 candidate
  shift
  for candidate in "$@"; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then
      echo "$candidate"
      return 0
    fi
  done
  echo "bitqueens: $what was not found (the browser tests need it). Install it with:" >&2
  echo "    sudo apt-get update && sudo apt-get install -y chromium chromium-driver" >&2
  echo "or point the environment variable at it (CHROMIUM, CHROMEDRIVER)." >&2
  return 1
}

find_chromium() { find_tool Chromium "${CHROMIUM:-}" /usr/bin/chromium /usr/bin/chromium-browser; }
find_chromedriver() { find_tool chromedriver "${CHROMEDRIVER:-}" /usr/bin/chromedriver; }
