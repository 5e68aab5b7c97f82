// A fake map tile server (the OpenStreetMap tile URL template https://tile.openstreetmap.org/{z}/{x}/{y}.png
// answers the same way), for tests only, on 127.0.0.1: every /{z}/{x}/{y}.png is one small PNG.
// It keeps the tiles it was asked for.
import { listenLoopback } from './listen.js';

/** A 1×1 one-colour PNG: a browser stretches it over the tile. */
export const TILE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export async function startTileFake() {
  const tiles: string[] = [];
  const fake = await listenLoopback((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (req.method === 'GET' && /^\/\d{1,2}\/\d+\/\d+\.png$/.test(path)) {
      tiles.push(path);
      return void res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' }).end(TILE_PNG);
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  return { ...fake, tiles, template: `${fake.url}/{z}/{x}/{y}.png` };
}
