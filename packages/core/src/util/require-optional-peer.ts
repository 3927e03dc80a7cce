import { MissingPeerDependencyError } from '../error/missing-peer-dependency-error';

/** Loads a module by id, as a package's own `require` does (resolving from that package's folder). */
export type ModuleLoader = (id: string) => unknown;

/**
 * Loads an optional peer dependency, or fails with a {@link MissingPeerDependencyError} that names
 * the package and how to install it when the package itself is not installed. Other failures (one
 * of its own dependencies missing, a native addon that does not load) are rethrown as they are.
 *
 * @param load - the calling package's `require`, so the peer is found from where that package is
 * installed; tests pass a loader that fails
 * @param packageName - e.g. `better-sqlite3`
 * @param neededBy - what needs it, for the message, e.g. `SqliteChatMemoryRepository`
 * @param installCommand - @defaultValue `npm install <packageName>`
 * @returns the module
 * @throws MissingPeerDependencyError when `packageName` cannot be found
 */
export function requireOptionalPeer<T>(
  load: ModuleLoader,
  packageName: string,
  neededBy: string,
  installCommand?: string,
): T {
  try {
    return load(packageName) as T;
  } catch (error) {
    if (isNotFound(error, packageName)) {
      throw new MissingPeerDependencyError({ packageName, neededBy, installCommand, cause: error });
    }
    throw error;
  }
}

/** True for Node's "Cannot find module 'x'" about `packageName` itself, not about a module it requires. */
function isNotFound(error: unknown, packageName: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === 'MODULE_NOT_FOUND' &&
    typeof message === 'string' &&
    message.startsWith(`Cannot find module '${packageName}'`)
  );
}
