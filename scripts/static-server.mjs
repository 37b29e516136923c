// A small static file server for the built site (correct MIME types for .wasm,
// no caching), used by scripts/web-serve.sh and the browser tests. A file with a
// precompressed twin (FILE.br, FILE.gz: scripts/web-build.sh writes them) is sent as
// that twin with Content-Encoding when the browser accepts it, as a CDN would.
// Usage: node scripts/static-server.mjs DIR [PORT] [HOST]   (PORT 0 picks a free one)
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8', '.wasm': 'application/wasm',
  '.ttf': 'font/ttf', '.png': 'image/png', '.svg': 'image/svg+xml', '.ico': 'image/x-icon',
};

export function serve(dir, port = 0, host = '127.0.0.1') {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    try {
      let path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (path.endsWith('/')) path += 'index.html';
      const file = normalize(join(root, path));
      if (!file.startsWith(root)) throw Object.assign(new Error('outside the site'), { code: 'ENOENT' });
      if (!(await stat(file)).isFile()) throw Object.assign(new Error('not a file'), { code: 'ENOENT' });
      const accepts = String(req.headers['accept-encoding'] || '');
      const headers = { 'Content-Type': TYPES[extname(file)] || 'application/octet-stream', 'Cache-Control': 'no-store',
        Vary: 'Accept-Encoding' };
      let body = null;
      for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']]) {
        if (!new RegExp(`\\b${encoding}\\b`).test(accepts)) continue;
        body = await readFile(file + suffix).catch(() => null);
        if (body) { headers['Content-Encoding'] = encoding; break; }
      }
      body = body || (await readFile(file));
      res.writeHead(200, headers);
      res.end(body);
    } catch (e) {
      res.writeHead(e.code === 'ENOENT' ? 404 : 500, { 'Content-Type': 'text/plain' });
      res.end(e.code === 'ENOENT' ? 'not found\n' : String(e));
    }
  });
  return new Promise((ok) => server.listen(port, host, () => ok(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir, port = '8080', host = '127.0.0.1'] = process.argv.slice(2);
  const server = await serve(dir, Number(port), host);
  const a = server.address();
  console.log(`spreadlab: serving ${resolve(dir)} on http://${a.address}:${a.port}/  (Ctrl+C stops)`);
}
