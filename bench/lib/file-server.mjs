// A static file server in a process of its own, for benchmarks that read sources over HTTP: serving megabytes
// from the benchmark's own process would put the source's work on the event loop being measured.
// Usage: fork('bench/lib/file-server.mjs', [folder]); it sends its port as its first message. Serves
// `GET /<name>` (query ignored) from the folder with the content type of the name's extension; the files are
// read once, at their first request.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';

const folder = path.resolve(process.argv[2] ?? '.');
const TYPES = {
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.geojson': 'application/json',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
const files = new Map();

const server = createServer(async (request, response) => {
  const name = path.basename(decodeURIComponent((request.url ?? '/').split('?')[0]));
  try {
    let body = files.get(name);
    if (!body) {
      body = await readFile(path.join(folder, name));
      files.set(name, body);
    }
    const type = TYPES[path.extname(name)] ?? 'application/octet-stream';
    response.writeHead(200, { 'content-type': type, 'content-length': body.length }).end(body);
  } catch {
    response.writeHead(404).end();
  }
});
server.listen(0, '127.0.0.1', () => process.send?.(server.address().port));
// Ends with its parent.
process.on('disconnect', () => process.exit(0));
