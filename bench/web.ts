// `npm run bench:web`: Lighthouse (12.8.2, mobile profile, Debian Chromium)
// on /calculator and /widget of the built app, and the gzip size of the JS
// and CSS each page loads before and after the map chunk.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 3190);
const base = `http://localhost:${port}`;
const CHROME_FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
const PAGES = ['/calculator', '/widget'];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

async function startServer(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-42',
    },
    stdio: 'ignore',
  });
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill();
  throw new Error('server did not start');
}

type Asset = { name: string; gzip: number; isMap: boolean };

/** JS and CSS a page loads, split into what loads at first and what the map brings. */
async function measureAssets(pagePath: string) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROME_FLAGS.split(' '),
  });
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  const assets: Asset[] = [];
  page.on('response', async (response) => {
    const name = response.url().split('/').pop() ?? '';
    if (!/\.(js|css)$/.test(name)) return;
    const body = await response.body().catch(() => null);
    if (body) assets.push({ name, gzip: zlib.gzipSync(body).length, isMap: /leaflet/i.test(name) });
  });
  await page.goto(base + pagePath, { waitUntil: 'networkidle' });
  const initial = [...assets];
  // The map (and Leaflet with it) loads once it scrolls into view.
  await page.getByRole('region', { name: 'Route map' }).first().scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  await browser.close();
  const sum = (list: Asset[], ext: string) =>
    list.filter((a) => a.name.endsWith(ext)).reduce((total, a) => total + a.gzip, 0) / 1024;
  return {
    initialJs: sum(initial, '.js'),
    initialCss: sum(initial, '.css'),
    afterJs: sum(assets, '.js'),
    afterCss: sum(assets, '.css'),
  };
}

function lighthouse(pagePath: string, attempt = 1): ReturnType<typeof readReport> {
  const out = path.join(os.tmpdir(), `lh-${pagePath.slice(1)}.json`);
  try {
    runLighthouse(pagePath, out);
  } catch (error) {
    // Lighthouse now and then fails to record a trace (NO_NAVSTART): try again.
    if (attempt < 3) return lighthouse(pagePath, attempt + 1);
    throw error;
  }
  return readReport(out);
}

function runLighthouse(pagePath: string, out: string) {
  run(
    'npx',
    [
      '-y',
      'lighthouse@12.8.2',
      base + pagePath,
      '--only-categories=performance',
      '--form-factor=mobile',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    { ...process.env, CHROME_PATH: '/usr/bin/chromium' },
  );
}

function readReport(out: string) {
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  const audit = (id: string) => report.audits[id]?.displayValue ?? '-';
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
  };
}

export default async function benchWeb() {
  if (!fs.existsSync('/usr/bin/chromium')) {
    console.log('Chromium not found at /usr/bin/chromium: apt-get install -y chromium');
    return;
  }
  run('npm', ['run', 'build', '--silent']);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const server = await startServer(dataDir);
  try {
    for (const pagePath of PAGES) {
      const assets = await measureAssets(pagePath);
      const score = lighthouse(pagePath);
      console.log(
        `${pagePath}: Lighthouse performance ${score.score} (FCP ${score.fcp}, LCP ${score.lcp}, TBT ${score.tbt}, CLS ${score.cls}); ` +
          `JS ${assets.initialJs.toFixed(1)} kB gzip before the map, ${assets.afterJs.toFixed(1)} kB after; ` +
          `CSS ${assets.initialCss.toFixed(1)} kB before, ${assets.afterCss.toFixed(1)} kB after`,
      );
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchWeb();
