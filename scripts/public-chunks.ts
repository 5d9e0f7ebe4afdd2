// How the web build groups modules into chunks (vite.config.ts), so that a
// public page loads a handful of files instead of one per shared component.
//
// - `leaflet`: Leaflet alone, fetched only when a map shows.
// - `shell`: what the entry (main.tsx) imports statically: React, the router,
//   the providers, the layout. Left alone, the bundler split it into one
//   chunk per module that a lazy page shares with it.
// - `public`: everything the calculator and the widget import statically
//   (beyond the shell), with the two pages themselves.
// - `public-auth`, `public-book`: what the sign-in pages and /book add
//   (in that order: /book may use the sign-in pages' chunk, not the reverse).
// - the rest (staff pages), and zod with every module that defines schemas,
//   is split automatically.
//
// A module reachable from a public page and from a staff page stays in the
// public chunk: the staff page loads that chunk too, which costs it little.
// The driver app is the exception, a phone on a mobile network: what its
// first screens take from a public page's group goes to that group's
// `-driver` chunk (`public-driver`, ...), so the driver loads those modules
// and not the calculator's, /book's and the sign-in pages' whole code; the
// public page loads both of its chunks, the same bytes as before.
import path from 'node:path';
import type { Rolldown } from 'vite';
import { DRIVER_APP_MODULES } from './public-budget';

type ChunkingContext = Rolldown.ChunkingContext;

const PUBLIC_PAGES: [group: string, pages: string[]][] = [
  ['public', ['features/fares/pages/calculator-page.tsx', 'features/fares/pages/widget-page.tsx']],
  [
    'public-auth',
    [
      'features/auth/pages/login-page.tsx',
      'features/auth/pages/signup-page.tsx',
      'features/auth/pages/forgot-password-page.tsx',
      'features/auth/pages/reset-password-page.tsx',
    ],
  ],
  ['public-book', ['features/bookings/pages/booking-page.tsx']],
];
const WEB_ROOT = path.resolve(import.meta.dirname, '../src/web');
const ZOD = /node_modules[\\/]zod[\\/]/;

// A package's index that re-exports everything (@mantine/core, lucide-react)
// would make every page reach every component: through an index, only the
// files that provide the bindings imported from it are followed.
const BARREL_MIN_IMPORTS = 40;
// Smaller indexes followed the same way: the shell takes the notifications
// store (to see the first notification, overlays-on-first-use.ts), not the
// container, which loads on first use.
const SMALL_BARRELS = [/@mantine[\\/]notifications[\\/]esm[\\/]index\.mjs$/];
const isBarrel = (info: { id: string; importedIds: readonly string[] }) =>
  info.importedIds.length >= BARREL_MIN_IMPORTS || SMALL_BARRELS.some((re) => re.test(info.id));
const BINDINGS = /(?:import|export)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const squash = (name: string) => name.replaceAll(/[-_]/g, '').toLowerCase();

/** Each `{ a, b as c } from 'source'` list of a module's code, as names by source. */
function bindingsBySource(code: string | null): [source: string, names: string[]][] {
  return [...(code ?? '').matchAll(BINDINGS)].map(([, list, source]) => [
    source!,
    list!
      .split(',')
      .flatMap((part) => part.replace(/^\s*type\s+/, '').split(/\s+as\s+/))
      .map((name) => squash(name.trim()))
      .filter((name) => name !== '' && name !== 'default'),
  ]);
}

/** Module ids statically imported from `roots`, transitively (dynamic imports excluded). */
function staticClosure(roots: string[], ctx: ChunkingContext, skip: Set<string>): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id) || skip.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    for (const imported of info.importedIds) {
      const barrel = ctx.getModuleInfo(imported);
      if (!barrel || !isBarrel(barrel)) {
        stack.push(imported);
        continue;
      }
      // The names this module takes from the index, and the files providing them.
      const wanted = new Set<string>();
      for (const [source, names] of bindingsBySource(info.code)) {
        if (imported.includes(`/${source}/`)) names.forEach((name) => wanted.add(name));
      }
      seen.add(imported);
      for (const [source, names] of bindingsBySource(barrel.code)) {
        if (names.some((name) => wanted.has(name))) {
          stack.push(path.resolve(path.dirname(imported), source));
        }
      }
    }
  }
  return seen;
}

/** The chunk name of a module (null: leave it to the bundler), computed once per build. */
export function publicChunks() {
  let groupOf: Map<string, string> | null = null;

  function assign(ctx: ChunkingContext): Map<string, string> {
    const entry = path.join(WEB_ROOT, 'main.tsx');
    const taken = staticClosure([entry], ctx, new Set());
    const result = new Map<string, string>();
    for (const id of taken) if (id !== entry) result.set(id, 'shell');
    const driverApp = staticClosure(
      Object.values(DRIVER_APP_MODULES).map((page) => path.join(WEB_ROOT, page)),
      ctx,
      taken,
    );
    for (const [group, pages] of PUBLIC_PAGES) {
      const roots = pages.map((page) => path.join(WEB_ROOT, page));
      for (const id of staticClosure(roots, ctx, taken)) {
        result.set(id, driverApp.has(id) ? `${group}-driver` : group);
        taken.add(id);
      }
    }
    return result;
  }

  return (id: string, ctx: ChunkingContext): string | null => {
    if (/node_modules[\\/]leaflet[\\/]/.test(id)) return 'leaflet';
    // Validation schemas (zod, and the domain modules that define schemas) go
    // wherever they are used: a page reaching them through an index does not
    // make them part of its first download (decision 34).
    if (ZOD.test(id) || ctx.getModuleInfo(id)?.importedIds.some((i) => ZOD.test(i))) return null;
    groupOf ??= assign(ctx);
    return groupOf.get(id) ?? null;
  };
}
