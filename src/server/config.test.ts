import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, startupWarnings } from './config';

describe('configuration', () => {
  it('defaults to port 3000, ./data and the embedded database', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.dataDir).toMatch(/data$/);
    expect(config.databaseKind).toBe('pglite');
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://root@127.0.0.1:5432/test' }).databaseKind).toBe(
      'postgres',
    );
  });

  it('names the variable that has a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x@y/z' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
  });

  it('trusts the Vite dev server only when npm run dev says so (DEV_WEB_ORIGIN)', () => {
    // npm start runs with NODE_ENV unset, i.e. development.
    const started = loadConfig({});
    expect(started.trustedOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    const dev = loadConfig({ DEV_WEB_ORIGIN: 'http://localhost:5173' });
    expect(dev.trustedOrigins).toContain('http://localhost:5173');
    expect(dev.trustedOrigins).toContain('http://127.0.0.1:5173');
  });

  it('sets DEV_WEB_ORIGIN in the dev script only', () => {
    const { scripts } = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'),
    ) as { scripts: Record<string, string> };
    expect(scripts.dev).toContain('DEV_WEB_ORIGIN=http://localhost:5173');
    expect(scripts.start).not.toContain('DEV_WEB_ORIGIN');
    expect(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../scripts/start.ts'), 'utf8'),
    ).not.toContain('DEV_WEB_ORIGIN');
  });

  it('closes slow requests after 30 s (body) and 10 s (headers) unless told otherwise', () => {
    const config = loadConfig({});
    expect([config.REQUEST_TIMEOUT_MS, config.HEADERS_TIMEOUT_MS]).toEqual([30_000, 10_000]);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '6000' })).toThrow(
      /HEADERS_TIMEOUT_MS/,
    );
  });

  it('keeps the embedded database relaxed unless PGLITE_DURABILITY=strict, and refuses other values', () => {
    expect(loadConfig({}).PGLITE_DURABILITY).toBe('relaxed');
    expect(loadConfig({ PGLITE_DURABILITY: 'strict' }).PGLITE_DURABILITY).toBe('strict');
    expect(() => loadConfig({ PGLITE_DURABILITY: 'paranoid' })).toThrow(/PGLITE_DURABILITY/);
  });

  it('warns at start of documents on local disk when the database may be shared', () => {
    expect(startupWarnings(loadConfig({}))).toEqual([]);
    const shared = startupWarnings(
      loadConfig({ DATABASE_URL: 'postgres://app@db:5432/chauffeur', DATA_DIR: '/srv/data' }),
    );
    expect(shared).toHaveLength(1);
    expect(shared[0]).toContain('/srv/data/files');
    expect(shared[0]).toContain('set S3_BUCKET');
    expect(
      startupWarnings(
        loadConfig({ DATABASE_URL: 'postgres://app@db:5432/chauffeur', S3_BUCKET: 'documents' }),
      ),
    ).toEqual([]);
  });

  it('trusts no proxy unless TRUST_PROXY names a hop count or addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('requires AUTH_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
  });
});
