import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Where the demo keeps its generated approval secret, relative to the app directory (gitignored `data/`). */
export const DEMO_APPROVAL_SECRET_PATH = join('data', 'approval-secret');

/**
 * The demo's `sprout.tools.approval.secret` when none is configured: 48 random bytes kept in
 * `data/approval-secret` (mode 600), made on first use, so every run of this installation — the
 * one that asks and the one that approves — signs and checks paused turns with the same key. A real
 * deployment sets the secret from its secret store instead (docs/approval.md).
 *
 * @param appDir - the app directory
 * @returns the secret (base64)
 */
export function demoApprovalSecret(appDir: string): string {
  const file = join(appDir, DEMO_APPROVAL_SECRET_PATH);
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    try {
      writeFileSync(file, randomBytes(48).toString('base64'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      // Another run created it first: use theirs.
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
    }
    chmodSync(file, 0o600);
  }
  return readFileSync(file, 'utf8').trim();
}
