#!/usr/bin/env bash
# The JS unit tests and the Playwright end-to-end tests of the built page (dist/), run by
# Node's test runner: `bash scripts/node-suites.sh [NODE] [all|node-only]`, NODE being the node
# binary to run them with (default: the `node` on PATH). `node-only` runs what a change of Node
# can break: the unit tests (the page's modules run in Node itself) and one end-to-end file
# (page.test.js: the harness, the server and Playwright's client on that Node); the rest of
# the end-to-end tests run the page in Chromium, whatever drives it. Used by `npm test`,
# `npm run test:e2e`, .ci/run (node-only, on the newest Node LTS) and `npm run test:stress`.
# A run with a skipped (or todo) test fails, whatever the machine: see the end.
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
# so that the closing "# pass / # fail / # skipped / # todo" lines read the same whatever the
# version. The output is also kept in a scratch file to read those lines back.
tap=$(mktemp "${TMPDIR:-/tmp}/bitqueens-tap.XXXXXX")
trap 'rm -f "$tap"' EXIT
status=0
"$node" --test --test-reporter=tap "${files[@]}" | tee "$tap" || status=$?
[ "$status" -eq 0 ] || fail "the tests above failed (node --test exited with $status): read the \"not ok\" lines above, fix them, and run the same command again."

# A skipped test (or one marked todo) checked nothing, yet the runner counts it as a pass: here
# it fails the run, on every machine and in CI alike. No test skips by design (the MP4 tests
# fail, not skip, without a video encoder: animation.test.js), so a skip is a test whose
# condition no longer holds on this machine.
count_of() { sed -n "s/^# $1 \([0-9][0-9]*\)\$/\1/p" "$tap" | tail -n 1; }
skipped=$(count_of skipped)
todo=$(count_of todo)
[ -n "$skipped" ] && [ -n "$todo" ] ||
  fail "node --test wrote no \"# skipped\" or \"# todo\" line: this script cannot tell whether every test ran. Check the Node.js version (node-suites.sh reads Node's TAP reporter)."
if [ "$skipped" -ne 0 ] || [ "$todo" -ne 0 ]; then
  say "the tests that did not run:"
  grep -E '^[[:space:]]*ok [0-9]+ .* # (SKIP|TODO)' "$tap" >&2 || true
  fail "skipped: $skipped, todo: $todo (listed above): a skipped test checks nothing, so the run fails. Give this machine what each skip names (a browser, a codec, a tool) and run again, or remove the skip from the test."
fi
