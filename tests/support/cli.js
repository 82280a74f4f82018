// The native command line, for the tests that hand its output to the page (a shard to
// check). `cargo run` builds it first if needed (npm test has built it already).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `bitqueens ARGS` and returns its stdout; throws with its stderr if it fails. */
export function bitqueens(...args) {
  return execFileSync('cargo', ['run', '--quiet', '-p', 'bitqueens-cli', '--', ...args], {
    cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'],
  });
}
