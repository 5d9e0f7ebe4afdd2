// A build check: the packages a public page must not load before it can be
// used. Each came back once through one import nobody saw (decision 60:
// libphonenumber through a booking limit, zod through a status list; on
// 2026-11-28 libphonenumber again, through the accent folding the same-place
// warning took from the customer search). `npm run build` fails naming the
// page, the package and the chunk, instead of the page growing by 30 kB.
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { ownerOf } from './module-owner';

/** Packages no public page may load before interaction, and why. */
export const FORBIDDEN_ON_PUBLIC_PAGES: Record<string, string> = {
  zod: 'schemas load with a form’s submit path (decision 60)',
  'libphonenumber-js': 'phone rules load where a phone is checked (decision 60)',
  leaflet: 'the map loads after Calculate Fare or with the route (decisions 34, 68)',
};

/** The public pages and their modules (under src/web), as scripts/public-chunks.ts groups them. */
export const PUBLIC_PAGE_MODULES: Record<string, string> = {
  calculator: 'features/fares/pages/calculator-page.tsx',
  widget: 'features/fares/pages/widget-page.tsx',
  book: 'features/bookings/pages/booking-page.tsx',
  login: 'features/auth/pages/login-page.tsx',
};

/**
 * Packages the public pages that show no date must not load: /book writes a
 * pickup date and takes date-fns, the calculator, the widget and sign-in do
 * not. It came to them on 2026-11-30 through the 409 wording's time of day,
 * which sat beside the version schemas every feature's index reaches
 * (+8.7 kB gzip).
 */
export const FORBIDDEN_ON_DATELESS_PAGES: Record<string, string> = {
  'date-fns': 'the page shows no date; dates are formatted where one is shown',
};

/** The public pages that show no date. */
export const DATELESS_PAGE_MODULES = ['calculator', 'widget', 'login'].map(
  (page) => PUBLIC_PAGE_MODULES[page]!,
);

/**
 * Packages the driver app's screens must not load before use: it opens on a
 * phone over a mobile network. libphonenumber came to it through the booking
 * schemas the job rules sat beside (2026-11-29, +29 kB gzip): the rules are
 * in driver-job-rules.ts, free of zod. Zod itself (25 kB) came with the
 * odometer's reading, which sat in the shift schemas' module (2026-11-30).
 */
export const FORBIDDEN_ON_DRIVER_APP: Record<string, string> = {
  zod: 'the Start Shift sheet reads the odometer with a rule free of schemas (decision 225)',
  'libphonenumber-js': 'the driver app checks no phone number',
  leaflet: 'the driver app draws no map (navigation opens the driver’s own app)',
};

/** The driver app's screens a driver opens first. */
export const DRIVER_APP_MODULES: Record<string, string> = {
  layout: 'features/drivers/pages/driver-layout.tsx',
  home: 'features/drivers/pages/driver-home-page.tsx',
  jobs: 'features/drivers/pages/driver-jobs-page.tsx',
};

type Chunk = Pick<Rolldown.OutputChunk, 'fileName' | 'imports' | 'isEntry' | 'moduleIds'>;

/**
 * Every (page, package, chunk) where a page's first download (the entry's and
 * the page's chunks and what they import statically, lazy imports excluded)
 * holds a forbidden package.
 */
export function forbiddenOnPublicPages(
  chunks: Chunk[],
  pageModules: string[] = Object.values(PUBLIC_PAGE_MODULES),
  forbidden: Record<string, string> = FORBIDDEN_ON_PUBLIC_PAGES,
): { page: string; pkg: string; chunk: string }[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entries = chunks.filter((chunk) => chunk.isEntry);
  const found: { page: string; pkg: string; chunk: string }[] = [];
  for (const page of pageModules) {
    const ending = path.normalize(page);
    const pageChunks = chunks.filter((chunk) =>
      chunk.moduleIds.some((id) => path.normalize(id).endsWith(ending)),
    );
    const seen = new Set<string>();
    const stack = [...entries, ...pageChunks].map((chunk) => chunk.fileName);
    while (stack.length > 0) {
      const fileName = stack.pop()!;
      if (seen.has(fileName)) continue;
      seen.add(fileName);
      const chunk = byFile.get(fileName);
      if (!chunk) continue;
      stack.push(...chunk.imports);
      const packages = new Set(chunk.moduleIds.map(ownerOf));
      for (const pkg of Object.keys(forbidden)) {
        if (packages.has(pkg)) found.push({ page, pkg, chunk: fileName });
      }
    }
  }
  return found;
}

/** Fails the build when a public page or the driver app would load a forbidden package before interaction. */
export function publicBudget(): Plugin {
  return {
    name: 'public-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is Rolldown.OutputChunk => item.type === 'chunk',
      );
      const found = [
        ...forbiddenOnPublicPages(chunks).map((item) => ({
          ...item,
          why: FORBIDDEN_ON_PUBLIC_PAGES[item.pkg],
        })),
        ...forbiddenOnPublicPages(chunks, DATELESS_PAGE_MODULES, FORBIDDEN_ON_DATELESS_PAGES).map(
          (item) => ({ ...item, why: FORBIDDEN_ON_DATELESS_PAGES[item.pkg] }),
        ),
        ...forbiddenOnPublicPages(
          chunks,
          Object.values(DRIVER_APP_MODULES),
          FORBIDDEN_ON_DRIVER_APP,
        ).map((item) => ({ ...item, why: FORBIDDEN_ON_DRIVER_APP[item.pkg] })),
      ];
      if (found.length === 0) return;
      this.error(
        found
          .map(
            ({ page, pkg, chunk, why }) =>
              `${page} would load ${pkg} before interaction (in ${chunk}): ${why}.`,
          )
          .join('\n') +
          '\nFind the import that brought it (`npm run bundle:report` lists a page’s packages) and take what the page needs from a module free of it.',
      );
    },
  };
}
