import { describe, expect, it } from 'vitest';
import {
  DATELESS_PAGE_MODULES,
  FORBIDDEN_ON_DATELESS_PAGES,
  FORBIDDEN_ON_DRIVER_APP,
  forbiddenOnPublicPages,
} from './public-budget';

const WEB = '/app/src/web';
const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false) => ({
  fileName,
  moduleIds,
  imports,
  isEntry,
});

describe('forbiddenOnPublicPages', () => {
  const entry = chunk('index.js', [`${WEB}/main.tsx`], ['shell.js'], true);
  const shell = chunk('shell.js', ['/app/node_modules/react-dom/client.js']);

  it('finds a forbidden package in a chunk a page imports statically', () => {
    const page = chunk(
      'public.js',
      [`${WEB}/features/fares/pages/calculator-page.tsx`, '/app/src/domain/maps/same-place.ts'],
      ['phone.js'],
    );
    const phone = chunk('phone.js', ['/app/node_modules/libphonenumber-js/es6/metadata.js']);
    expect(
      forbiddenOnPublicPages(
        [entry, shell, page, phone],
        ['features/fares/pages/calculator-page.tsx'],
      ),
    ).toEqual([
      {
        page: 'features/fares/pages/calculator-page.tsx',
        pkg: 'libphonenumber-js',
        chunk: 'phone.js',
      },
    ]);
  });

  it('passes a package the page only loads later (a dynamic import is not followed)', () => {
    const page = chunk('public.js', [`${WEB}/features/fares/pages/widget-page.tsx`]);
    const map = chunk('leaflet.js', ['/app/node_modules/leaflet/dist/leaflet-src.js']);
    expect(
      forbiddenOnPublicPages([entry, shell, page, map], ['features/fares/pages/widget-page.tsx']),
    ).toEqual([]);
  });

  it('checks what the entry loads, for every page', () => {
    const leakyShell = chunk('shell.js', ['/app/node_modules/zod/v4/classic/schemas.js']);
    const page = chunk('public-auth.js', [`${WEB}/features/auth/pages/login-page.tsx`]);
    expect(
      forbiddenOnPublicPages([entry, leakyShell, page], ['features/auth/pages/login-page.tsx']),
    ).toEqual([{ page: 'features/auth/pages/login-page.tsx', pkg: 'zod', chunk: 'shell.js' }]);
  });

  it('holds the driver app to its own list: the schemas and the phone rules may not load', () => {
    const jobs = chunk(
      'driver-jobs-page.js',
      [`${WEB}/features/drivers/pages/driver-jobs-page.tsx`],
      ['schemas.js', 'api.js'],
    );
    const schemas = chunk('schemas.js', ['/app/node_modules/zod/v4/classic/schemas.js']);
    const api = chunk('api.js', ['/app/src/domain/bookings/api.ts'], ['phone.js']);
    const phone = chunk('phone.js', ['/app/node_modules/libphonenumber-js/es6/metadata.js']);
    const dates = chunk('format.js', ['/app/node_modules/date-fns/format.js']);
    expect(
      forbiddenOnPublicPages(
        [
          entry,
          shell,
          { ...jobs, imports: [...jobs.imports, 'format.js'] },
          schemas,
          api,
          phone,
          dates,
        ],
        ['features/drivers/pages/driver-jobs-page.tsx'],
        FORBIDDEN_ON_DRIVER_APP,
      ).map(({ pkg, chunk }) => [pkg, chunk]),
    ).toEqual([
      ['libphonenumber-js', 'phone.js'],
      ['zod', 'schemas.js'],
    ]);
  });

  it('keeps date-fns off the pages that show no date, and lets /book take it', () => {
    const dates = chunk('format.js', ['/app/node_modules/date-fns/format.js']);
    const calculator = chunk(
      'public.js',
      [`${WEB}/features/fares/pages/calculator-page.tsx`],
      ['format.js'],
    );
    const book = chunk(
      'public-book.js',
      [`${WEB}/features/bookings/pages/booking-page.tsx`],
      ['format.js'],
    );
    expect(
      forbiddenOnPublicPages(
        [entry, shell, calculator, book, dates],
        DATELESS_PAGE_MODULES,
        FORBIDDEN_ON_DATELESS_PAGES,
      ),
    ).toEqual([
      { page: 'features/fares/pages/calculator-page.tsx', pkg: 'date-fns', chunk: 'format.js' },
    ]);
  });
});
