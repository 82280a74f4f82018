// A static file server for dist/ on a free loopback port, with the wasm MIME type that
// WebAssembly.instantiateStreaming needs. Used by the end-to-end tests, the screenshot script
// and (with `compress`) the load benchmark, which serves as a host would: brotli or gzip.
import http from 'node:http';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** The types a host compresses: text, and wasm (which most hosts and CDNs compress too). */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.webmanifest', '.svg', '.wasm']);

/** The encoding a host sends a client accepting `accepted`: brotli first, then gzip, else none. */
const chooseEncoding = (accepted) => (/\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null);

/** `body` in `encoding` ('br', 'gzip' or null), at the smallest size, as a host stores it. */
function encode(body, encoding) {
  if (encoding === 'br') return zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
  if (encoding === 'gzip') return zlib.gzipSync(body, { level: 9 });
  return body;
}

/** Every file under `root`, recursively. */
async function filesUnder(root) {
  const entries = await readdir(root, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

/** Serves `root`; resolves to { url, close(), served() }: served() is how many requests it
 *  has answered so far, and close() stops it at once, the open (kept-alive) connections
 *  closed too, so that nothing it has can reach a browser afterwards. With `compress`, text
 *  and wasm go out brotli- or gzip-encoded when the request accepts it, brotli compressed
 *  before the server starts (a host serves files compressed ahead: no request waits for the
 *  compression). */
export async function serve(root, { compress = false } = {}) {
  const encoded = new Map(); // path + encoding → the encoded body: each file compressed once
  const encoded1 = (target, raw, encoding) => {
    const key = `${target}\n${encoding}`;
    if (!encoded.has(key)) encoded.set(key, encode(raw, encoding));
    return encoded.get(key);
  };
  if (compress) {
    for (const file of await filesUnder(root)) {
      if (COMPRESSIBLE.has(path.extname(file))) encoded1(file, await readFile(file), 'br');
    }
  }
  let served = 0;
  const server = http.createServer(async (request, response) => {
    served += 1;
    const { pathname } = new URL(request.url, 'http://localhost');
    const file = path.join(root, path.normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, ''));
    const target = pathname.endsWith('/') ? path.join(file, 'index.html') : file;
    try {
      const raw = await readFile(target);
      const extension = path.extname(target);
      const headers = { 'content-type': TYPES[extension] ?? 'application/octet-stream' };
      let body = raw;
      if (compress && COMPRESSIBLE.has(extension)) {
        const encoding = chooseEncoding(request.headers['accept-encoding'] ?? '');
        body = encoded1(target, raw, encoding);
        headers.vary = 'accept-encoding';
        if (encoding) headers['content-encoding'] = encoding;
      }
      response.writeHead(200, headers);
      response.end(body);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((resolve) => {
      if (!server.listening) {
        resolve();
        return;
      }
      server.close(() => resolve());
      server.closeAllConnections();
    }),
    served: () => served,
  };
}
