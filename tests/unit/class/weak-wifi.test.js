// The tests' weak-wifi proxy (tests/support/weak-wifi.js) against a loopback echo server: it
// forwards to this computer only, delays each chunk, caps each connection's bandwidth, cuts
// by a seeded generator within its bound, and stops by itself. Its bounds are lower bounds on
// time (a slow machine only makes a transfer longer), never upper ones.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { startWeakWifi, seeded } from '../../support/weak-wifi.js';

/** An echo server on loopback: resolves to { port, close() }. */
async function echoServer() {
  const sockets = new Set();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    socket.pipe(socket);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    close: () => new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(resolve);
    }),
  };
}

/** Sends `bytes` through `port` and resolves to [ms to the first byte back, ms to the last]. */
function roundTrip(port, bytes) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let got = 0;
    let first = null;
    const start = performance.now();
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      first ??= performance.now() - start;
      got += chunk.length;
      if (got >= bytes) {
        socket.destroy();
        resolve([first, performance.now() - start]);
      }
    });
    socket.write(Buffer.alloc(bytes, 7));
  });
}

test('the proxy forwards to this computer only', async () => {
  for (const host of ['example.com', '10.0.0.1', '192.168.1.2', '0.0.0.0']) {
    await assert.rejects(startWeakWifi({ host, port: 80 }), /this computer only/, host);
  }
});

test('each chunk is delayed both ways and each connection is capped: 150 kB there and back at 1.5 Mbit/s takes at least 1.6 s', async () => {
  const echo = await echoServer();
  const wifi = await startWeakWifi({ host: '127.0.0.1', port: echo.port }, { delayMs: 150, bitsPerSecond: 1.5e6 });
  try {
    const [first] = await roundTrip(wifi.port, 10);
    assert.ok(first >= 300, `a byte there and back: ${first} ms (two delays of 150 ms)`);
    const bytes = 150_000;
    const [, last] = await roundTrip(wifi.port, bytes);
    const wire = (bytes * 8 * 1000) / 1.5e6; // 800 ms each way
    assert.ok(last >= 2 * wire, `${bytes} bytes there and back: ${Math.round(last)} ms (at least ${2 * wire})`);
  } finally {
    await wifi.stop();
    await echo.close();
  }
});

test('cuts: seeded, at most maxCuts, only while cutting', async () => {
  assert.deepEqual([0, 1, 2].map(seeded(51)), [0, 1, 2].map(seeded(51)), 'the same seed, the same sequence');
  assert.notDeepEqual([0, 1, 2].map(seeded(51)), [0, 1, 2].map(seeded(52)));
  const echo = await echoServer();
  const wifi = await startWeakWifi({ host: '127.0.0.1', port: echo.port }, { seed: 51, maxCuts: 3, meanCutMs: 5 });
  try {
    const sockets = [];
    for (let i = 0; i < 6; i++) {
      const socket = net.connect({ host: '127.0.0.1', port: wifi.port });
      socket.on('error', () => {});
      await new Promise((resolve) => socket.once('connect', resolve));
      sockets.push(socket);
    }
    // Not cutting: a round trip on each goes through.
    for (const socket of sockets) {
      await new Promise((resolve) => {
        socket.once('data', resolve);
        socket.write('x');
      });
    }
    assert.equal(wifi.stats.resets + wifi.stats.silences, 0);
    wifi.cut(true);
    // Waits for the bound to be reached (a state; 500 looks at most), then for no more.
    for (let looks = 0; wifi.stats.resets + wifi.stats.silences < 3; looks++) {
      assert.ok(looks < 500, `${wifi.stats.resets + wifi.stats.silences} cuts so far`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    wifi.cut(false);
    assert.equal(wifi.stats.resets + wifi.stats.silences, 3, 'at most maxCuts');
  } finally {
    await wifi.stop();
    await echo.close();
  }
});

test('it stops by itself after its lifetime: the port refuses connections', async () => {
  const echo = await echoServer();
  const wifi = await startWeakWifi({ host: '127.0.0.1', port: echo.port }, { lifetimeMs: 100 });
  try {
    // Not stopped by the test: asked until the port refuses (a state), 500 times at most.
    for (let tries = 0; ; tries++) {
      assert.ok(tries < 500, 'still listening long after its lifetime');
      const refused = await new Promise((resolve) => {
        const socket = net.connect({ host: '127.0.0.1', port: wifi.port });
        socket.once('connect', () => {
          socket.destroy();
          resolve(false);
        });
        socket.once('error', () => resolve(true));
      });
      if (refused) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await wifi.stop();
    await echo.close();
  }
});
