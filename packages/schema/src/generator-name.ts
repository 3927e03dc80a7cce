import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * This generator's name and version as written into the manifest, e.g. `@sprout-ai/schema@0.1.0`,
 * read from the package's own package.json (one level above `src` and `dist`).
 */
export const GENERATOR_NAME: string = readGeneratorName();

function readGeneratorName(): string {
  const manifest = JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  return `${manifest.name}@${manifest.version}`;
}
