// Exits 0 when node_modules holds every package package-lock.json names, at its locked
// version; optional packages may be absent (e.g. fsevents off macOS). Exits 1 otherwise,
// and .ci/run then runs `npm ci`.
import { readFileSync } from 'node:fs';

const packages = (file) => JSON.parse(readFileSync(file, 'utf8')).packages;
try {
  const locked = packages('package-lock.json');
  const installed = packages('node_modules/.package-lock.json');
  const stale = Object.entries(locked).filter(([path, info]) =>
    path !== '' && installed[path]?.version !== info.version && !(info.optional && !installed[path]));
  process.exit(stale.length === 0 ? 0 : 1);
} catch {
  process.exit(1); // no node_modules yet, or unreadable
}
