// A static file server for dist/ on a free loopback port, with the wasm MIME type that
// WebAssembly.instantiateStreaming needs. Used by the end-to-end tests, the screenshot script
// and (with `compress`) the load benchmark, which serves as a host would: brotli or gzip.
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** The types a host compresses: text, and wasm (which most hosts and CDNs compress too). */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.wasm']);

/** Encodes `body` for a client accepting `accepted` (brotli first, then gzip): { encoding, body }. */
function encode(body, accepted) {
  if (/\bbr\b/.test(accepted)) {
    return { encoding: 'br', body: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }) };
  }
  if (/\bgzip\b/.test(accepted)) return { encoding: 'gzip', body: zlib.gzipSync(body, { level: 9 }) };
  return { encoding: null, body };
}

/** Serves `root`; resolves to { url, close() }. With `compress`, text and wasm go out brotli- or
 *  gzip-encoded when the request accepts it. */
export async function serve(root, { compress = false } = {}) {
  const encoded = new Map(); // path + accepted encoding → { encoding, body }: each file compressed once
  const server = http.createServer(async (request, response) => {
    const { pathname } = new URL(request.url, 'http://localhost');
    const file = path.join(root, path.normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, ''));
    const target = pathname.endsWith('/') ? path.join(file, 'index.html') : file;
    try {
      const raw = await readFile(target);
      const extension = path.extname(target);
      const headers = { 'content-type': TYPES[extension] ?? 'application/octet-stream' };
      let body = raw;
      if (compress && COMPRESSIBLE.has(extension)) {
        const accepted = request.headers['accept-encoding'] ?? '';
        const key = `${target}\n${accepted}`;
        if (!encoded.has(key)) encoded.set(key, encode(raw, accepted));
        const { encoding, body: compressed } = encoded.get(key);
        body = compressed;
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
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
