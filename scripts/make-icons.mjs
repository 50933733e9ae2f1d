#!/usr/bin/env node
// Draws the app icons (assets/icon-192.png, assets/icon-512.png) as assets/icon.svg draws them:
// a wooden board with a 4x4 grid and three stones. Plain node (zlib for the PNG), no image
// library; anti-aliased by 4x4 supersampling.   node scripts/make-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets');

// The picture in the SVG's 64x64 units: the colour at (x, y), or null for transparent.
function colourAt(x, y) {
  // Rounded square (rx 10), wood.
  const r = 10;
  const cx = Math.min(Math.max(x, r), 64 - r), cy = Math.min(Math.max(y, r), 64 - r);
  if (x < 0 || y < 0 || x > 64 || y > 64 || (x - cx) ** 2 + (y - cy) ** 2 > r * r) return null;
  const stones = [
    { x: 24, y: 24, fill: [22, 22, 26], edge: null },
    { x: 40, y: 40, fill: [236, 236, 230], edge: [120, 120, 110] },
    { x: 40, y: 24, fill: [22, 22, 26], edge: null },
  ];
  for (const s of stones) {
    const d = Math.hypot(x - s.x, y - s.y);
    if (d <= 9) return s.edge && d > 8.25 ? s.edge : s.fill;
  }
  const lines = [12, 24, 40, 52];
  const onLine = (v, w) => lines.some((l) => Math.abs(v - l) <= w);
  if ((onLine(x, 1) && y >= 11 && y <= 53) || (onLine(y, 1) && x >= 11 && x <= 53)) return [40, 30, 15];
  return [220, 179, 92];
}

function png(size) {
  const ss = 4;
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let py = 0; py < size; ++py) {
    raw[py * (size * 4 + 1)] = 0;  // filter: none
    for (let px = 0; px < size; ++px) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < ss; ++sy)
        for (let sx = 0; sx < ss; ++sx) {
          const c = colourAt(((px + (sx + 0.5) / ss) * 64) / size, ((py + (sy + 0.5) / ss) * 64) / size);
          if (!c) continue;
          r += c[0]; g += c[1]; b += c[2]; a += 1;
        }
      const o = py * (size * 4 + 1) + 1 + px * 4;
      if (a) { raw[o] = Math.round(r / a); raw[o + 1] = Math.round(g / a); raw[o + 2] = Math.round(b / a); }
      raw[o + 3] = Math.round((255 * a) / (ss * ss));
    }
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; ++k) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 255] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, body) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(body.length);
    const tb = Buffer.concat([Buffer.from(type, 'ascii'), body]);
    const c = Buffer.alloc(4); c.writeUInt32BE(crc(tb));
    return Buffer.concat([len, tb, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0); ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;  // 8-bit RGBA
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

for (const size of [192, 512]) {
  const file = path.join(assets, `icon-${size}.png`);
  fs.writeFileSync(file, png(size));
  console.log(`${path.relative(process.cwd(), file)}: ${fs.statSync(file).size} bytes`);
}
