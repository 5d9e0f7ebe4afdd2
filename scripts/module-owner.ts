/**
 * A module id or source-map path as its package name, or its folder under
 * src/ (`src/web/features`): how bundle-report.ts and bench/web-profile.ts
 * group what they measure.
 */
export function ownerOf(id: string): string {
  const inModules = id.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const [scope, name] = id.slice(inModules + 'node_modules/'.length).split('/');
    return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
  }
  return id
    .replace(/.*\/src\//, 'src/')
    .split('/')
    .slice(0, 3)
    .join('/');
}
