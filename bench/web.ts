// `npm run bench:web [page...]`: Lighthouse (12.8.2, mobile profile, Debian
// Chromium; the median of BENCH_RUNS runs, 3 by default) on the built app's
// public pages and the driver app (signed in as the demo driver), the gzip
// size of the JS and CSS each page loads before and after the map chunk, and
// whether Chromium finds the driver app installable.
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
const DEFAULT_PAGES = ['/calculator', '/widget', '/book', '/login', '/driver'];
/** Pages that need a session, and whose. */
const SIGNED_IN: Record<string, string> = { '/driver': 'driver@demo.test' };
/** Pages meant to be installed as an app (the driver's PWA). */
const INSTALLABLE = ['/driver'];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

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
async function measureAssets(pagePath: string, cookie: string | null) {
  // A profile on disk, not incognito: Chromium never offers to install an app in incognito.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: CHROME_FLAGS.split(' '),
    viewport: { width: 412, height: 823 },
  });
  if (cookie) {
    const [name, ...value] = cookie.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: base }]);
  }
  const page = context.pages()[0] ?? (await context.newPage());
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
  const map = page.getByRole('region', { name: 'Route map' });
  if ((await map.count()) > 0) {
    await map.first().scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
  }
  await page.waitForTimeout(1000);
  // What Chromium says stands between the page and 'Install app'.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
  const sum = (list: Asset[], ext: string) =>
    list.filter((a) => a.name.endsWith(ext)).reduce((total, a) => total + a.gzip, 0) / 1024;
  return {
    initialJs: sum(initial, '.js'),
    initialCss: sum(initial, '.css'),
    afterJs: sum(assets, '.js'),
    afterCss: sum(assets, '.css'),
    installable:
      installabilityErrors.length === 0
        ? 'installable'
        : `not installable (${installabilityErrors.map((error) => error.errorId).join(', ')})`,
  };
}

function lighthouse(
  pagePath: string,
  cookie: string | null,
  attempt = 1,
): ReturnType<typeof readReport> {
  const out = path.join(os.tmpdir(), `lh-${pagePath.slice(1)}.json`);
  try {
    runLighthouse(pagePath, cookie, out);
  } catch (error) {
    // Lighthouse now and then fails to record a trace (NO_NAVSTART): try again.
    if (attempt < 3) return lighthouse(pagePath, cookie, attempt + 1);
    throw error;
  }
  return readReport(out);
}

function runLighthouse(pagePath: string, cookie: string | null, out: string) {
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
      ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
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
    finalUrl: String(report.finalDisplayedUrl ?? report.finalUrl ?? ''),
  };
}

/** The demo account's session cookie, as the sign-in form gets it. */
async function signIn(email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  const cookie = response.headers.getSetCookie().find((line) => line.includes('session_token'));
  if (!response.ok || !cookie) throw new Error(`signing in as ${email}: ${response.status}`);
  return cookie.split(';')[0]!;
}

function median<T>(runs: T[], by: (run: T) => number): T {
  return [...runs].sort((a, b) => by(a) - by(b))[Math.floor(runs.length / 2)]!;
}

export default async function benchWeb(pages = DEFAULT_PAGES) {
  if (!fs.existsSync('/usr/bin/chromium')) {
    console.log('Chromium not found at /usr/bin/chromium: apt-get install -y chromium');
    return;
  }
  run('npm', ['run', 'build', '--silent']);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const server = await startServer(dataDir);
  try {
    for (const pagePath of pages) {
      const email = SIGNED_IN[pagePath];
      const cookie = email ? await signIn(email) : null;
      const assets = await measureAssets(pagePath, cookie);
      const runs = Array.from({ length: RUNS }, () => lighthouse(pagePath, cookie));
      const score = median(runs, (run) => run.score);
      console.log(
        `${pagePath}${email ? ` (as ${email})` : ''}: Lighthouse performance ${score.score} ` +
          `(median of ${runs.map((run) => run.score).join(', ')}; FCP ${score.fcp}, LCP ${score.lcp}, TBT ${score.tbt}, CLS ${score.cls}); ` +
          `JS ${assets.initialJs.toFixed(1)} kB gzip before the map, ${assets.afterJs.toFixed(1)} kB after; ` +
          `CSS ${assets.initialCss.toFixed(1)} kB before, ${assets.afterCss.toFixed(1)} kB after` +
          (INSTALLABLE.includes(pagePath) ? `; ${assets.installable}` : '') +
          (new URL(score.finalUrl || base + pagePath).pathname === pagePath
            ? ''
            : `; Lighthouse ended on ${score.finalUrl}`),
      );
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const wanted = process.argv.slice(2);
  await benchWeb(wanted.length > 0 ? wanted : DEFAULT_PAGES);
}
