import { request } from 'node:http';

const wireCache = new Map<string, Promise<number>>();
/**
 * A file's body as the server sends it to a browser (`Accept-Encoding: gzip, deflate, br, zstd`, as Chromium asks):
 * the bytes on the wire, headers aside. Node's http leaves the body compressed, so its length is what travelled.
 */
export function wireBytes(url: string): Promise<number> {
  let known = wireCache.get(url);
  if (!known) {
    known = new Promise<number>((resolve, reject) => {
      const req = request(url, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (res) => {
        let n = 0;
        res.on('data', (c: Buffer) => (n += c.length));
        res.on('end', () => (res.statusCode === 200 ? resolve(n) : reject(new Error(`${url}: ${res.statusCode}`))));
      });
      req.on('error', reject);
      req.end();
    });
    wireCache.set(url, known);
  }
  return known;
}
