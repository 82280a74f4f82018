// A phone on weak wifi, for the end-to-end tests: a TCP proxy on loopback that a page talks to
// instead of the server behind it (the class server, say), and that makes every connection
// through it slow, thin and unreliable, as a classroom's wifi is:
//   - each chunk arrives `delayMs` after it was sent (150 ms: a congested access point);
//   - each connection carries at most `bitsPerSecond` each way (1.5 Mbit/s): a chunk takes its
//     size's worth of time on the wire, chunks queue behind it, and a side that sends faster
//     than that is paused (TCP's own back-pressure) until the queue drains;
//   - while cutting (cut(true)), connections are cut at random moments, by a seeded generator
//     (the same seed, the same choices), at most `maxCuts` in all: half of them reset (both
//     sides closed at once, as a phone that left the access point), half fall silent (nothing
//     more goes through either way and nothing is closed: a half-open connection, as wifi
//     gone mid-air).
// Browsers' throttling does not slow an open WebSocket; this does, because it sits under it.
//
// Bounds: it listens on 127.0.0.1 only, forwards only to a loopback address (anything else is
// refused before a socket is made), and stops by itself after `lifetimeMs` (every connection
// closed, the port freed) if the test has not stopped it first; its timers never keep Node
// alive.
import net from 'node:net';

/** The addresses the proxy forwards to: this computer only. */
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** A seeded generator of numbers in [0, 1) (mulberry32): the same seed, the same sequence. */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Starts the proxy in front of `target` ({ host, port }: a loopback address); resolves to
 * { port, origin, cut(on), stop(), stats } once it listens. `stats` counts { connections,
 * resets, silences, bytes } so far. cut(true) starts the random cuts (a cut every
 * `meanCutMs` on average, while there is a connection to cut), cut(false) stops them; stop()
 * closes everything (it resolves once the port is free). `cutOnly`: 'any' connection, or only
 * 'websockets' (those whose first request asks for an upgrade to one).
 */
export async function startWeakWifi(target, {
  delayMs = 150, bitsPerSecond = 1.5e6, seed = 1, maxCuts = 6, meanCutMs = 3000, lifetimeMs = 5 * 60_000, cutOnly = 'any',
} = {}) {
  if (!LOOPBACK.has(target.host)) throw new Error(`The weak-wifi proxy forwards to this computer only, not to ${target.host}.`);
  const random = seeded(seed);
  const stats = { connections: 0, resets: 0, silences: 0, bytes: 0 };
  const open = new Set(); // the live pairs {client, server, silent}
  const timers = new Set();
  const later = (ms, run) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timer.unref();
    timers.add(timer);
    return timer;
  };

  /** Forwards `from` to `to` at the link's pace (delay and bandwidth), in order. */
  function pipe(pair, from, to) {
    // Both halves end on their own (allowHalfOpen): a side's end goes through after its data.
    const queue = []; // {chunk, at}: chunks on their way, `at` when each arrives
    let queued = 0;
    let wireFree = 0; // when the wire has sent everything queued so far
    let timer = null;
    const flush = () => {
      timer = null;
      const now = performance.now();
      while (queue.length > 0 && queue[0].at <= now) {
        const { chunk } = queue.shift();
        queued -= chunk.length;
        if (!pair.silent && !to.destroyed) to.write(chunk);
      }
      if (queued < 16 * 1024 && from.isPaused()) from.resume();
      if (queue.length > 0) timer = later(queue[0].at - now, flush);
    };
    from.on('data', (chunk) => {
      if (pair.silent) return; // gone mid-air: nothing more goes through
      if (from === pair.client && pair.websocket === null) pair.websocket = /^upgrade:\s*websocket/im.test(chunk.toString('latin1'));
      stats.bytes += chunk.length;
      const now = performance.now();
      const start = Math.max(now, wireFree);
      wireFree = start + (chunk.length * 8 * 1000) / bitsPerSecond;
      queue.push({ chunk, at: wireFree + delayMs });
      queued += chunk.length;
      if (queued > 64 * 1024) from.pause(); // the sender waits, as over a slow link
      if (timer === null) timer = later(Math.max(0, queue[0].at - now), flush);
    });
    // A close goes through after what was queued before it (a silent pair passes no close).
    from.on('end', () => later(Math.max(0, wireFree + delayMs - performance.now()), () => {
      if (!pair.silent) to.end();
    }));
  }

  const proxy = net.createServer({ allowHalfOpen: true }, (client) => {
    stats.connections += 1;
    const server = net.connect({ host: target.host, port: target.port, allowHalfOpen: true });
    const pair = { client, server, silent: false, websocket: null };
    open.add(pair);
    const drop = () => {
      open.delete(pair);
      client.destroy();
      server.destroy();
    };
    for (const socket of [client, server]) {
      socket.on('error', drop);
      socket.on('close', () => {
        if (!pair.silent) drop();
      });
    }
    pipe(pair, client, server);
    pipe(pair, server, client);
  });

  let cutting = false;
  let cutTimer = null;
  const scheduleCut = () => {
    // Exponential gaps: cuts at random moments, `meanCutMs` apart on average.
    cutTimer = later(-Math.log(1 - random()) * meanCutMs, () => {
      cutTimer = null;
      if (!cutting || stats.resets + stats.silences >= maxCuts) return;
      const live = [...open].filter((pair) => !pair.silent && (cutOnly === 'any' || pair.websocket));
      if (live.length > 0) {
        const pair = live[Math.floor(random() * live.length)];
        if (random() < 0.5) {
          stats.resets += 1;
          open.delete(pair);
          for (const socket of [pair.client, pair.server]) {
            try {
              socket.resetAndDestroy();
            } catch {
              socket.destroy(); // not connected yet: nothing to reset
            }
          }
        } else {
          stats.silences += 1;
          pair.silent = true; // held open, passing nothing, until the proxy stops
        }
      }
      scheduleCut();
    });
  };

  let stopped = null;
  const stop = () => {
    stopped ??= new Promise((resolve) => {
      cutting = false;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const { client, server } of open) {
        client.destroy();
        server.destroy();
      }
      open.clear();
      proxy.close(() => resolve());
    });
    return stopped;
  };

  await new Promise((resolve, reject) => {
    proxy.once('error', reject);
    proxy.listen(0, '127.0.0.1', resolve);
  });
  later(lifetimeMs, stop); // bounded: it never outlives a test that forgot it
  const { port } = proxy.address();
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    stats,
    stop,
    cut(on) {
      cutting = on;
      if (on && cutTimer === null) scheduleCut();
    },
  };
}
