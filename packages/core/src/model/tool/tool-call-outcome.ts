import type { Media } from '../../content/media';
import type { PreparedToolCall } from './prepared-tool-call';

/**
 * How one call of a round ended:
 * - `success` — the tool returned;
 * - `error` — the tool (or its arguments) failed and the exception processor answered with text;
 * - `timeout` — the call took longer than its timeout;
 * - `limit` — refused by a call limit (`RETURN_ERROR_RESPONSE`, or the breaching call under `THROW`);
 * - `unknown-tool` — no callback has the name;
 * - `rejected` — a person declined the call (it needed approval), so it did not run.
 */
export type ToolCallStatus = 'success' | 'error' | 'timeout' | 'limit' | 'unknown-tool' | 'rejected';

/** What one call of a round produced, as the manager reports it to a `ToolCallObserver`. */
export interface ToolCallOutcome {
  readonly call: PreparedToolCall;
  readonly status: ToolCallStatus;
  /** What the model reads (after the result cap). */
  readonly responseData: string;
  /** The whole result before the cap; the same string as `responseData` when nothing was cut. */
  readonly fullResponseData: string;
  /** Binary content a `success` returned (see `ToolResponse.media`). */
  readonly media?: readonly Media[];
  /** The failure, for `error` and `timeout`. */
  readonly error?: unknown;
  /** Wall time of the call, in milliseconds (0 for calls that did not run). */
  readonly durationMs: number;
}
