import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BenchCase, isBenchCase } from './bench-case';

/** Folder of the compiled cases (`dist/cases`). */
export const CASES_DIR = path.join(__dirname, 'cases');

/**
 * Loads every `cases/*.js` file and returns the `benchCase` each exports, sorted by `order`
 * then `id`.
 *
 * @param dir - folder to scan (defaults to {@link CASES_DIR})
 * @throws Error when a file exports no `benchCase` made with `defineBenchCase`, or two cases share an id
 */
export async function discoverCases(dir: string = CASES_DIR): Promise<BenchCase[]> {
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.js'))
    .sort();
  const cases: BenchCase[] = [];
  for (const file of files) {
    const loaded = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, unknown>;
    const candidate = loaded.benchCase ?? (loaded.default as Record<string, unknown> | undefined)?.benchCase;
    if (!isBenchCase(candidate)) {
      throw new Error(
        `${path.join(dir, file)} does not export a bench case. Export one as ` +
          "`export const benchCase = defineBenchCase({ id, title, order, run })` (from '../bench-case').",
      );
    }
    const clash = cases.find((other) => other.id === candidate.id);
    if (clash) throw new Error(`Two bench cases have the id '${candidate.id}' (one in ${file}); ids must be unique.`);
    cases.push(candidate);
  }
  return cases.sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}
