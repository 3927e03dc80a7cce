import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type ts from 'typescript';
import { MissingPeerDependencyError } from '../../error/missing-peer-dependency-error';

/**
 * The manifest's `sourceHash`: sha256 (hex) over the parts of the sources that can shape a tool
 * schema. For each source in the given order: its path, a NUL, its declarations (below), a NUL.
 *
 * A source's declarations are its text without the function bodies TypeScript does not read for
 * types: the bodies of methods, functions, arrow functions, accessors and constructors are left
 * out when the return type is declared (or there is none: constructors, setters). Kept: imports,
 * classes with their decorators, the signatures of their members (parameters with their
 * decorators, types and defaults, return types), TSDoc and other comments outside bodies,
 * interfaces, type aliases, enums, and variables with their initialisers. A body whose return type
 * is inferred is kept, because the inferred type can reach a schema (a tool method's
 * `returnsVoid`, `ReturnType<typeof f>`).
 *
 * So editing the body of a `@Tool` method that declares its return type keeps the hash; editing
 * its signature, decorators or TSDoc, or the declaration of an argument type in any listed file,
 * changes it (as may editing other declarations in those files).
 *
 * @param root - the directory the sources are relative to (the tsconfig directory); TypeScript
 *   is loaded from there (the project's own), else from where `@sprout-ai/core` is installed
 * @param sources - paths relative to `root` with forward slashes, e.g. `["src/order-tools.ts"]`
 * @returns the hash, 64 hex digits
 * @throws MissingPeerDependencyError when TypeScript cannot be loaded (see {@link loadTypeScript})
 * @throws the file system's error when a source cannot be read
 */
export function toolSchemaSourcesHash(root: string, sources: readonly string[]): string {
  const typescript = loadTypeScript(root);
  if (typescript === undefined) {
    throw new MissingPeerDependencyError({
      packageName: 'typescript',
      neededBy: `Hashing the tool schema sources of ${root} (the manifest's staleness check)`,
      installCommand: 'npm install --save-dev typescript@5',
    });
  }
  const hash = createHash('sha256');
  for (const source of sources) {
    const file = path.join(root, source);
    hash.update(`${source}\0`);
    hash.update(declarationsText(typescript, file, readFileSync(file, 'utf8')));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * A `typescript` module with the compiler API: the project's own in `root`, else the one
 * `@sprout-ai/schema` brings, else the one next to `@sprout-ai/core`; `undefined` when none
 * resolves (an install without devDependencies). TypeScript 7, the native compiler, exports no
 * compiler API, so a project that builds with it is hashed with `@sprout-ai/schema`'s copy.
 */
export function loadTypeScript(root: string): typeof ts | undefined {
  for (const from of typeScriptLocations(root)) {
    try {
      const candidate = createRequire(from)('typescript') as Partial<typeof ts>;
      if (typeof candidate.createSourceFile === 'function') return candidate as typeof ts;
    } catch {
      // try the next place
    }
  }
  return undefined;
}

/** Files to resolve `typescript` from, in order of preference (see {@link loadTypeScript}). */
function typeScriptLocations(root: string): string[] {
  const project = path.join(root, 'package.json');
  const locations = [project];
  try {
    locations.push(createRequire(project).resolve('@sprout-ai/schema/package.json'));
  } catch {
    // sprout-schema is a build-time tool; an app started without it hashes with another copy
  }
  locations.push(__filename);
  return locations;
}

/** The text of a source without the bodies that cannot shape a type (see {@link toolSchemaSourcesHash}). */
function declarationsText(typescript: typeof ts, fileName: string, text: string): string {
  const file = typescript.createSourceFile(fileName, text, typescript.ScriptTarget.Latest, false);
  let kept = '';
  let at = 0;
  const visit = (node: ts.Node): void => {
    if (typescript.isFunctionLike(node)) {
      const body = (node as { body?: ts.Node }).body;
      const typed =
        node.type !== undefined ||
        node.kind === typescript.SyntaxKind.Constructor ||
        node.kind === typescript.SyntaxKind.SetAccessor;
      if (body !== undefined && typed) {
        // The parameters (defaults, decorators) are part of the signature and kept as text.
        const start = body.getStart(file);
        kept += `${text.slice(at, start)}{}`;
        at = body.end;
        return;
      }
    }
    typescript.forEachChild(node, visit);
  };
  visit(file);
  return kept + text.slice(at);
}
