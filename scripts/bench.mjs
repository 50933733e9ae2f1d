#!/usr/bin/env node
// Runs `stonegrid bench --json` natively and as WebAssembly under node, interleaved game by game
// (so the machine's load falls on both alike), best of ROUNDS runs each, and prints a Markdown
// table with the wasm/native ratio — the table in docs/benchmarks.md.
//   node scripts/bench.mjs [--seconds S] [--rounds R]     (after scripts/build)
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const option = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const seconds = option('--seconds', '1');
const rounds = Number(option('--rounds', '3'));
const games = ['loose', 'go', 'looper', 'squaresquared'];
const builds = {
  native: [path.join(root, 'build/native/stonegrid'), []],
  wasm: [process.execPath, [path.join(root, 'build/wasm/stonegrid.js')]],
};

const best = new Map();  // "game size what build" -> per_second
for (let round = 0; round < rounds; ++round) {
  for (const game of games) {
    for (const [build, [command, prefix]] of Object.entries(builds)) {
      const out = execFileSync(command, [...prefix, 'bench', '--json', '--seconds', seconds, '--game', game],
        { cwd: root, encoding: 'utf8' });
      for (const line of out.split('\n').filter(Boolean)) {
        const row = JSON.parse(line);
        const key = `${row.game} ${row.size} ${row.what}`;
        const entry = best.get(key) || {};
        entry[build] = Math.max(entry[build] || 0, row.per_second);
        best.set(key, entry);
      }
    }
  }
}

console.log('| game | size | what | native /s | wasm /s | native ÷ wasm |');
console.log('|---|---|---|---:|---:|---:|');
for (const [key, { native, wasm }] of best) {
  const [game, size, what] = key.split(' ');
  const ratio = native && wasm ? (native / wasm).toFixed(2) : '–';
  console.log(`| ${game} | ${size} | ${what} | ${native ?? '–'} | ${wasm ?? '–'} | ${ratio} |`);
}
