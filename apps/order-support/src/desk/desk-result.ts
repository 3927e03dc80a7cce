import type { ToolContext } from '@sprout-ai/core';
import { USER_ID_CONTEXT_KEY } from '../order-tools';

/**
 * Outcome codes of the desk tools, as `getOrderStatus` has them: `OK`; `INVALID_INPUT` (a malformed
 * argument, rejected before the store is read); `AUTH_REQUIRED` (nobody signed in);
 * `NOT_FOUND_OR_FORBIDDEN` (missing, or another user's — the same answer, so ids do not leak);
 * `NOT_ALLOWED` (the record exists but the action does not apply, e.g. cancelling a shipped order).
 */
export type DeskCode = 'OK' | 'INVALID_INPUT' | 'AUTH_REQUIRED' | 'NOT_FOUND_OR_FORBIDDEN' | 'NOT_ALLOWED';

/** What a desk tool returns (serialised to JSON for the model), e.g. `{"code":"OK","refundId":"F-1001"}`. */
export interface DeskResult {
  readonly code: DeskCode;
  /** A hint for the model when `code` is not `OK`, or a short confirmation. */
  readonly message?: string;
  readonly [field: string]: unknown;
}

/** The signed-in user from the tool context (`userId`), or `undefined` when there is none. */
export function signedInUser(toolContext: ToolContext | undefined): string | undefined {
  const userId: unknown = toolContext?.get(USER_ID_CONTEXT_KEY);
  return typeof userId === 'string' && userId.trim() !== '' ? userId : undefined;
}

/** The answer when nobody is signed in. */
export const AUTH_REQUIRED: DeskResult = Object.freeze({
  code: 'AUTH_REQUIRED',
  message: 'No signed-in user; ask the user to sign in first.',
});

/** The answer for a missing record or another user's, e.g. `notFound('order', 'A999')`. */
export function notFound(what: string, id: string): DeskResult {
  return { code: 'NOT_FOUND_OR_FORBIDDEN', message: `No ${what} ${id} was found for the current user.` };
}

/** The answer for a malformed argument, with how it should look. */
export function invalid(message: string): DeskResult {
  return { code: 'INVALID_INPUT', message };
}

/** The answer when the action does not apply to the record as it is. */
export function notAllowed(message: string): DeskResult {
  return { code: 'NOT_ALLOWED', message };
}
