// A slow-header flood against a `bitqueens serve` of its own, on loopback only, bounded in
// sockets and time: ADDRESSES addresses of 127.0.9.0/24 × PER_ADDRESS sockets, each sending
// half a request's head and then a byte every 300 ms, reopened when closed, for FLOOD_S
// seconds. Meanwhile, every 250 ms, a fresh address asks for the page (in a thread of its own,
// so the flood's sockets do not slow it); the server's memory (VmRSS) is read then and 5 s
// after the flood. Prints one JSON line.
//
//   npm run build && cargo build --release -p bitqueens-cli && node scripts/probe-flood.js [BINARY]
//
// DIR=dist serves that folder (for a binary built without the page).
//
// Linux only (127.0.0.0/8 routed to this computer, /proc for the memory).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const BINARY = process.argv[2] ?? 'target/release/bitqueens';
const ADDRESSES = Number(process.env.ADDRESSES ?? 24);
const PER_ADDRESS = Number(process.env.PER_ADDRESS ?? 500);
const FLOOD_S = Number(process.env.FLOOD_S ?? 20);
// The total a server with 8,192 open files takes (connection_caps: 8,192 − 128 kept back).
const MAX_CONNECTIONS = Number(process.env.MAX_CONNECTIONS ?? 8064);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function startServer() {
  const dir = process.env.DIR ? ['--dir', process.env.DIR] : [];
  const child = spawn(BINARY, ['serve', '--port', '0', '--max-connections', String(MAX_CONNECTIONS), ...dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it printed its address`)));
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const port = out.match(/http:\/\/127\.0\.0\.1:(\d+)/)?.[1];
      if (port) resolve({ child, port: Number(port) });
    });
  });
}

const rssKiB = (pid) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]);

/** One slow socket from `source`, reopened until `until`; counts what the server closed. */
async function slowSocket(port, source, until, counts) {
  while (Date.now() < until) {
    await new Promise((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port, localAddress: source });
      let drip = null;
      const done = () => { clearInterval(drip); socket.destroy(); resolve(); };
      socket.on('connect', () => {
        counts.opened += 1;
        socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `);
        drip = setInterval(() => (Date.now() < until ? socket.write('a') : done()), 300);
      });
      socket.on('data', () => {});
      socket.on('close', () => { counts.closed += 1; done(); });
      socket.on('error', () => {});
    });
    await sleep(20);
  }
}

/** `GET /` from `source`: true when answered 200. */
function pageFrom(port, source) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: source });
    let head = '';
    const timer = setTimeout(() => { socket.destroy(); resolve(false); }, 5000);
    socket.on('connect', () => socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`));
    socket.on('data', (chunk) => { head += chunk; });
    socket.on('close', () => { clearTimeout(timer); resolve(head.startsWith('HTTP/1.1 200')); });
    socket.on('error', () => {});
  });
}

/** The newcomers' thread: a fresh address asks for the page every 250 ms until `until`. */
async function newcomers({ port, until }) {
  let asked = 0;
  let served = 0;
  for (let fresh = 1; Date.now() < until; fresh += 1) {
    asked += 1;
    if (await pageFrom(port, `127.0.8.${1 + (fresh % 250)}`)) served += 1;
    parentPort.postMessage({ asked, served });
    await sleep(250);
  }
}

if (!isMainThread) {
  await newcomers(workerData);
} else {
  const { child, port } = await startServer();
  const before = rssKiB(child.pid);
  const until = Date.now() + FLOOD_S * 1000;
  const counts = { opened: 0, closed: 0 };
  const sockets = [];
  for (let a = 1; a <= ADDRESSES; a += 1) {
    for (let i = 0; i < PER_ADDRESS; i += 1) sockets.push(slowSocket(port, `127.0.9.${a}`, until, counts));
  }
  let seen = { asked: 0, served: 0 };
  let most = before;
  const worker = new Worker(new URL(import.meta.url), { workerData: { port, until } });
  worker.on('message', (latest) => { seen = latest; most = Math.max(most, rssKiB(child.pid)); });
  await new Promise((resolve) => worker.once('exit', resolve));
  await Promise.all(sockets);
  await sleep(5000);
  const after = rssKiB(child.pid);
  child.kill('SIGINT');
  console.log(JSON.stringify({
    sockets: ADDRESSES * PER_ADDRESS, maxConnections: MAX_CONNECTIONS, seconds: FLOOD_S,
    floodOpened: counts.opened, floodClosedByServer: counts.closed,
    newcomersServed: `${seen.served}/${seen.asked}`,
    rssMiB: { before: +(before / 1024).toFixed(1), most: +(most / 1024).toFixed(1), fiveSecondsAfter: +(after / 1024).toFixed(1) },
  }));
}
