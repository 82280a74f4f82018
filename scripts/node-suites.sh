#!/usr/bin/env bash
# The JS unit tests and the Playwright end-to-end tests of the built page (dist/), run by
# Node's test runner: `bash scripts/node-suites.sh [NODE] [all|node-only]`, NODE being the node
# binary to run them with (default: the `node` on PATH). `node-only` runs what a change of Node
# can break: the unit tests (the page's modules run in Node itself) and one end-to-end file
# (page.test.js: the harness, the server and Playwright's client on that Node); the rest of
# the end-to-end tests run the page in Chromium, whatever drives it. Used by `npm test`,
# `npm run test:e2e`, .ci/run (node-only, on the newest Node LTS) and `npm run test:stress`.
#
# The test files are listed by the shell, not given as folders: since Node 21 a folder given
# to `node --test` is taken for a file and fails with MODULE_NOT_FOUND.
cd "$(dirname "$0")/.."
source scripts/common.sh
source scripts/toolchain.sh

node=${1:-node}
which=${2:-all}
require_node_for_tests "$node"
[ -f dist/index.html ] ||
  fail "dist/ holds no built page: run npm run build first (npm test does it for you)."
shopt -s nullglob
case "$which" in
  all) files=(tests/unit/*/*.test.js tests/e2e/*/*.test.js) ;;
  node-only) files=(tests/unit/*/*.test.js tests/e2e/page/page.test.js) ;;
  *) fail "node-suites.sh: the second argument is all or node-only, not \"$which\"." ;;
esac
[ "${#files[@]}" -gt 0 ] || fail "no test files were found in the folders of tests/unit/ and tests/e2e/."
say "running ${#files[@]} test files with Node.js $("$node" --version)…"
# TAP on every Node (Node 20 writes it when not on a terminal, later ones a spec by default),
# so that the closing "# pass / # fail" lines read the same whatever the version.
"$node" --test --test-reporter=tap "${files[@]}"
