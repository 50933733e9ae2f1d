// Debian's headless Chromium through playwright-core (installed by scripts/setup into
// tests/browser/node_modules), for the measuring scripts; the browser tests take the flags.
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

// The Chromium flags every test and measurement launches with.
export const chromiumFlags = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--enable-unsafe-swiftshader'];

// Launches Chromium ($CHROMIUM, else /usr/bin/chromium) with those flags; when playwright-core is
// missing, says so under the name of `tool` and exits.
export async function launchChromium(tool) {
  const require = createRequire(path.join(here, '../tests/browser/package.json'));
  let chromium;
  try {
    ({ chromium } = require('playwright-core'));
  } catch {
    console.error(`${tool}: playwright-core not found in tests/browser/node_modules (scripts/setup installs it)`);
    process.exit(1);
  }
  return chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: chromiumFlags });
}
