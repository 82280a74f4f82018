// Numbers as the count panel writes them. Pure; no DOM.

/** 1234567 → "1,234,567". */
export const count = (value) => Math.round(value).toLocaleString('en');

/** Milliseconds → "850 ms", "4.21 s", "3 min 05 s". */
export function duration(ms) {
  if (!Number.isFinite(ms)) return '–';
  if (ms < 0.5) return '< 1 ms';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** Nodes in a time → "173 M nodes/s". */
export function rate(nodes, ms) {
  if (!(ms > 0)) return '–';
  const perSecond = (nodes / ms) * 1000;
  return perSecond >= 1e6 ? `${(perSecond / 1e6).toFixed(0)} M nodes/s` : `${count(perSecond)} nodes/s`;
}

/** 1 → "1 worker", 2 → "2 workers". */
export const workerCount = (howMany) => `${howMany} worker${howMany === 1 ? '' : 's'}`;
