import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STABLE_USE_ID, transformMantineUseId } from './mantine-stable-ids';

const hooksDir = path.resolve(import.meta.dirname, '../node_modules/@mantine/hooks');
const useIdPath = path.join(hooksDir, 'esm/use-id/use-id.mjs');
const installed = fs.readFileSync(useIdPath, 'utf8');

describe('mantine-stable-ids', () => {
  it("replaces the installed Mantine useId with React's id alone: no random id after mount", () => {
    const replaced = transformMantineUseId(installed, useIdPath);
    expect(replaced).toBe(STABLE_USE_ID);
    expect(replaced).not.toMatch(/randomId|useState|Effect/);
  });

  it('leaves every other module alone', () => {
    expect(transformMantineUseId(installed, path.join(hooksDir, 'esm/index.mjs'))).toBeNull();
    expect(transformMantineUseId('export {}', '/app/src/web/use-id/use-id.mjs')).toBeNull();
  });

  it('fails the build when a Mantine upgrade changed the module, rather than patch it blind', () => {
    const changed = installed.replace('randomId()', 'crypto.randomUUID()');
    expect(() => transformMantineUseId(changed, useIdPath)).toThrow(/no longer has randomId\(\)/);
  });

  it('is the id Mantine renders first, so the prerendered HTML and the page agree', () => {
    // Mantine's initial state, before its effect: what the prerender writes.
    expect(installed).toContain('`mantine-${reactId.replace(/:/g, "")}`');
    expect(STABLE_USE_ID).toContain("`mantine-${reactId.replace(/:/g, '')}`");
  });
});
