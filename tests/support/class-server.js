// A real class server (`bitqueens serve`) for the live class's end-to-end tests: started with
// `cargo run` on dist/ (a free port, or the one given, to come back where it was), its printed
// lines read for the address and the teacher link, and stopped by its process group (cargo
// and the server it runs).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Starts `bitqueens serve --port PORT --dir dist`; resolves to { origin, port, teacherLink,
 * state, stop(), signal(name) } once it has printed both lines. `cargo run` builds it first if it must.
 * `state` is the server's state folder ($XDG_STATE_HOME: where it keeps its teacher key), a
 * new scratch folder unless given: a server started again on the same one has the same key.
 */
export function startClassServer({ port = 0, args = [], state = mkdtempSync(join(tmpdir(), 'bitqueens-state-')) } = {}) {
  const child = spawn('cargo', ['run', '-q', '-p', 'bitqueens-cli', '--', 'serve', '--port', String(port), '--dir', 'dist', ...args], {
    cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, XDG_STATE_HOME: state },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk) => { err += chunk; });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL'); // the group: cargo and the server under it
      } catch {
        // gone already
      }
    }
    await exited;
  };
  /** Sends `name` (SIGSTOP freezes the server with its connections up, SIGCONT wakes it) to
   *  the process group. */
  const signal = (name) => process.kill(-child.pid, name);
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const serving = out.match(/^Serving bitqueens on (http:\/\/127\.0\.0\.1:(\d+)\/)$/m);
      const teacher = out.match(/^Teacher link: (\S+\?teach=\S+)$/m);
      if (serving && teacher) {
        resolve({ origin: new URL(serving[1]).origin, port: Number(serving[2]), teacherLink: teacher[1], state, stop, signal });
      }
    });
    exited.then((code) => reject(new Error(`bitqueens serve stopped (${code}) before it served: ${err.trim() || out.trim()}`)));
  });
}
