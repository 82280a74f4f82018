# Sourced by the other scripts (after common.sh): each `ensure_*` installs what is missing,
# says what it is doing and about how long it takes, and is quick and silent when the tool
# is already there. A failed install stops with the command to retry. Nothing here builds
# the project.

# `cargo install` puts commands in $CARGO_HOME/bin; a shell that never sourced rustup's env
# file may not have it on PATH, and the wasm-bindgen CLI installed below must be found.
CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
case ":$PATH:" in
  *":$CARGO_BIN:"*) ;;
  *) PATH="$PATH:$CARGO_BIN" ;;
esac
export PATH

# The wasm-bindgen version the crate pins (`wasm-bindgen = "=X.Y.Z"`); the CLI must match it.
wasm_bindgen_version() {
  local manifest version
  manifest="$(dirname "${BASH_SOURCE[0]}")/../crate/Cargo.toml"
  version=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' "$manifest")
  [ -n "$version" ] || fail "crate/Cargo.toml must pin wasm-bindgen exactly (wasm-bindgen = \"=X.Y.Z\"); found no such line."
  echo "$version"
}

ensure_cargo() {
  command -v cargo >/dev/null 2>&1 ||
    fail "cargo was not found. Install Rust with rustup (https://rustup.rs), open a new shell, and run the command again."
}

ensure_wasm_target() {
  ensure_cargo
  command -v rustup >/dev/null 2>&1 ||
    fail "rustup was not found, and the build needs the Rust target wasm32-unknown-unknown. Install Rust with rustup (https://rustup.rs), or add that target to your Rust toolchain yourself."
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "installing the Rust target wasm32-unknown-unknown (rustup target add; about 30 s)…"
    rustup target add wasm32-unknown-unknown ||
      fail "could not install the Rust target wasm32-unknown-unknown (see rustup's message above). Retry with: rustup target add wasm32-unknown-unknown"
  fi
}

# The version of the installed wasm-bindgen CLI ("0.2.130"), or nothing when there is none.
installed_wasm_bindgen_version() {
  command -v wasm-bindgen >/dev/null 2>&1 || return 0
  wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true
}

ensure_wasm_bindgen_cli() {
  ensure_cargo
  local want have
  want=$(wasm_bindgen_version)
  have=$(installed_wasm_bindgen_version)
  if [ "$have" != "$want" ]; then
    say "installing wasm-bindgen-cli $want to match the crate (found: ${have:-none})."
    say "    This compiles it once: about 3 minutes on 2 cores, less on more."
    # No --locked: one of its locked dependencies is not in the registry.
    cargo install wasm-bindgen-cli --version "$want" ||
      fail "could not install wasm-bindgen-cli $want (see cargo's message above). Retry with: cargo install wasm-bindgen-cli --version $want"
    have=$(installed_wasm_bindgen_version)
    [ "$have" = "$want" ] ||
      fail "wasm-bindgen-cli $want was installed into $CARGO_BIN, but the wasm-bindgen on PATH is ${have:-missing} ($(command -v wasm-bindgen || echo 'not found')). Put $CARGO_BIN first on PATH and run the command again."
  fi
}

# Prints the first executable among the candidates (empty ones skipped), or fails.
find_tool() {
  local candidate
  for candidate in "$@"; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

find_chromium() { find_tool "${CHROMIUM:-}" /usr/bin/chromium /usr/bin/chromium-browser; }
find_chromedriver() { find_tool "${CHROMEDRIVER:-}" /usr/bin/chromedriver; }

# Runs a command as root: directly when we are root, else through sudo when there is one.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    return 127
  fi
}

# Installs Debian packages (`apt_install "what it is for" pkg…`), waiting for another apt.
apt_install() {
  local why=$1
  shift
  local retry="sudo apt-get update && sudo apt-get install -y $*"
  command -v apt-get >/dev/null 2>&1 ||
    fail "$why needs $* and this machine has no apt-get. Install them with your package manager and run the command again."
  say "installing $* from Debian ($why; about a minute)…"
  as_root apt-get -o DPkg::Lock::Timeout=300 update -q ||
    fail "apt-get update failed (not root and no sudo, or no network to Debian's mirrors). Retry with: $retry"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -q "$@" ||
    fail "could not install $* (see apt's message above). Retry with: $retry"
}

# Installs Debian's Chromium and chromedriver for the browser tests when they are missing.
ensure_chromium() {
  if ! find_chromium >/dev/null || ! find_chromedriver >/dev/null; then
    apt_install "the browser tests" chromium chromium-driver
  fi
  require_chromium
}

# Exports CHROMIUM and CHROMEDRIVER, or fails saying how to install them.
require_chromium() {
  CHROMIUM=$(find_chromium) && CHROMEDRIVER=$(find_chromedriver) ||
    fail "the browser tests need Debian's Chromium and chromedriver, and they were not found. Install them with:
    sudo apt-get update && sudo apt-get install -y chromium chromium-driver
or point CHROMIUM and CHROMEDRIVER at your own copies."
  export CHROMIUM CHROMEDRIVER
}
