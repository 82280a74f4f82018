#!/usr/bin/env bash
# Prints the path of a Node.js that the test suites run on (the newest one they were checked
# on), installing it from the npm registry into ~/.cache/bitqueens the first time. Run the
# suites with it: bash scripts/node-suites.sh "$(bash scripts/node-lts.sh)"
cd "$(dirname "$0")/.."
source scripts/common.sh
source scripts/toolchain.sh
ensure_node_newest
