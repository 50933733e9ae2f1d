#!/usr/bin/env node
// A tiny static file server for build/web (or any folder), for `scripts/play` and the browser
// tests. Serves .wasm as application/wasm, never lists folders, never leaves its root.
//   node scripts/serve.mjs [FOLDER] [PORT]      (PORT 0 picks a free one; prints the URL)
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.wasm': 'application/wasm', '.css': 'text/css',
  '.json': 'application/json', '.webmanifest': 'application/manifest+json', '.png': 'image/png',
  '.svg': 'image/svg+xml', '.ico': 'image/x-icon', '.ttf': 'font/ttf', '.txt': 'text/plain; charset=utf-8',
  '.sgf': 'application/x-go-sgf',
};

export function serve(root, port = 0, host = '127.0.0.1') {
  root = path.resolve(root);
  const server = http.createServer((request, response) => {
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
    } catch {
      response.writeHead(400).end('bad request');
      return;
    }
    if (pathname.endsWith('/')) pathname += 'index.html';
    const file = path.join(root, pathname);
    if (file !== root && !file.startsWith(root + path.sep)) {
      response.writeHead(403).end('forbidden');
      return;
    }
    fs.readFile(file, (error, data) => {
      if (error) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      response.writeHead(200, {
        'content-type': types[path.extname(file)] || 'application/octet-stream',
        'cache-control': 'no-cache',
      });
      response.end(data);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] || 'build/web';
  const port = Number(process.argv[3] ?? process.env.PORT ?? 8080);
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    console.error(`serve: ${root}/index.html not found: build the web version first (scripts/play does)`);
    process.exit(1);
  }
  serve(root, port).then(
    (server) => console.log(`Stonegrid is served at http://127.0.0.1:${server.address().port}/  (Ctrl-C stops)`),
    (error) => { console.error(`serve: cannot listen on port ${port}: ${error.message}`); process.exit(1); },
  );
}
