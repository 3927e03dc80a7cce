import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { JsonSchemaGenerator } from 'typescript-json-schema';
import { withCommentsHook } from './generator-internals';

/** Package-name prefix of Sprout's own packages, whose TSDoc is written for developers, not models. */
const SPROUT_SCOPE = '@sprout-ai/';

/**
 * Keeps descriptions to the project's own declarations: TSDoc on a declaration from a library (a
 * file under `node_modules`, or one TypeScript loaded as an external library) or from one of
 * Sprout's packages other than the project's own (`Integer` from `@sprout-ai/core`, reached through
 * `node_modules` or `paths`) never becomes a `description` in a user's schema. Their JSDoc
 * keyword tags (`@minimum` …) still apply: they shape values, not what the model reads.
 *
 * @param generator - the generator to patch (its `parseCommentsIntoDefinition` is wrapped)
 * @param program - the generator's program
 * @param configDir - the tsconfig directory; the package it is in counts as the project's own
 */
export function supportOwnDescriptions(generator: JsonSchemaGenerator, program: ts.Program, configDir: string): void {
  const target = withCommentsHook(generator);
  const original = target.parseCommentsIntoDefinition.bind(generator);
  const packageNames = new Map<string, string | undefined>();
  const ownPackage = nearestPackageName(configDir, packageNames);
  const isForeignFile = (file: ts.SourceFile): boolean => {
    if (program.isSourceFileFromExternalLibrary(file) || /[\\/]node_modules[\\/]/.test(file.fileName)) return true;
    const name = nearestPackageName(path.dirname(file.fileName), packageNames);
    return name !== undefined && name !== ownPackage && name.startsWith(SPROUT_SCOPE);
  };
  const isForeign = (symbol: ts.Symbol): boolean => {
    const declarations = symbol.getDeclarations() ?? [];
    return declarations.length > 0 && declarations.every((declaration) => isForeignFile(declaration.getSourceFile()));
  };
  target.parseCommentsIntoDefinition = (symbol, definition, otherAnnotations) => {
    if (symbol === undefined || !isForeign(symbol)) {
      original(symbol, definition, otherAnnotations);
      return;
    }
    const had = Object.prototype.hasOwnProperty.call(definition, 'description');
    const before = definition.description;
    original(symbol, definition, otherAnnotations);
    if (had) definition.description = before;
    else delete definition.description;
  };
}

/** The `name` of the nearest `package.json` at or above `directory`, memoised per directory. */
function nearestPackageName(directory: string, cache: Map<string, string | undefined>): string | undefined {
  if (cache.has(directory)) return cache.get(directory);
  let name: string | undefined;
  const parent = path.dirname(directory);
  try {
    const parsed = JSON.parse(readFileSync(path.join(directory, 'package.json'), 'utf8')) as { name?: unknown };
    name = typeof parsed.name === 'string' ? parsed.name : '';
  } catch {
    name = parent === directory ? undefined : nearestPackageName(parent, cache);
  }
  cache.set(directory, name);
  return name;
}
