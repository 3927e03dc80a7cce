import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '../..');

/** Every quoted property key in the non-test sources under `dir`, e.g. `spring.ai.tools.result.max-chars`. */
function keysReadIn(dir: string): Set<string> {
  const keys = new Set<string>();
  for (const entry of readdirSync(path.join(repoRoot, dir), { recursive: true, withFileTypes: true })) {
    const name = entry.name;
    if (!entry.isFile() || !name.endsWith('.ts') || name.endsWith('.test.ts') || entry.parentPath.includes('__'))
      continue;
    const text = readFileSync(path.join(entry.parentPath, name), 'utf8');
    for (const [, key] of text.matchAll(/'((?:spring\.ai|sprout|server)\.[a-z0-9.-]*[a-z0-9])'/g)) keys.add(key);
  }
  return keys;
}

describe('docs/configuration.md', () => {
  const page = readFileSync(path.join(repoRoot, 'docs/configuration.md'), 'utf8');
  const documented = [...page.matchAll(/^\| `([^`]+)`/gm)].map(([, key]) => key);
  // A key is documented when a table row names it, or names keys under it (`spring.ai.tools` is the group).
  const isDocumented = (key: string) => documented.some((row) => row === key || row.startsWith(`${key}.`));

  it.each(['packages/boot/src', 'apps/order-support/src'])('should list every key %s reads', (dir) => {
    const keys = keysReadIn(dir);

    expect(keys.size).toBeGreaterThan(0);
    expect([...keys].filter((key) => !isDocumented(key))).toEqual([]);
  });
});
