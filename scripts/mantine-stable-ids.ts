// A build step for Mantine's `useId` (@mantine/hooks), used by every input,
// checkbox and the app shell. Mantine starts from React's `useId` and then,
// in a layout effect on mount, swaps it for a random id. On a prerendered
// page that is one synchronous update per field straight after hydration:
// React re-rendered the whole /book form in one task the browser could not
// interrupt (its longest, about 50 ms on this machine and four times that
// under Lighthouse's slowdown), and the ids the HTML arrived with changed
// under their labels. React's `useId` alone is stable, unique within the
// app's single root, and the same in the prerender (which renders Mantine's
// first value: this one). The web build uses that.
import type { Plugin } from 'vite';

const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/** What the module becomes: Mantine's first value, kept. */
export const STABLE_USE_ID = `import { useId as useReactId } from 'react';
function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : \`mantine-\${reactId.replace(/:/g, '')}\`;
}
export { useId };
`;

/**
 * Replaces Mantine's `useId` module. Fails the build if that module no longer
 * reads as expected (a Mantine upgrade): then look again rather than patch blind.
 */
export function transformMantineUseId(code: string, id: string): string | null {
  if (!MANTINE_USE_ID.test(id)) return null;
  const expected = ['useId()', 'randomId()', '`mantine-${reactId.replace(/:/g, "")}`'];
  const missing = expected.filter((part) => !code.includes(part));
  if (missing.length > 0) {
    throw new Error(
      `mantine-stable-ids: ${id} no longer has ${missing.join(', ')}; check scripts/mantine-stable-ids.ts`,
    );
  }
  return STABLE_USE_ID;
}

export function mantineStableIds(): Plugin {
  return {
    name: 'mantine-stable-ids',
    enforce: 'pre',
    transform(code, id) {
      const replaced = transformMantineUseId(code, id);
      return replaced === null ? null : { code: replaced, map: null };
    },
  };
}
