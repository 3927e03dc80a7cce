/**
 * How much of a failed tool's error the model reads (property `spring.ai.tools.errors.detail`):
 *
 * - `masked` — `Tool '<toolName>' failed: ` and the error's message with its credentials masked
 *   (`redactCredentials`: URL passwords, `password=…`, `"token":"…"`, `Bearer …`, `sk-…` keys); the
 *   default;
 * - `message` — the message verbatim, as Spring AI sends it;
 * - `generic` — only the tool, the error's class and its error id, e.g.
 *   `Tool 'getOrder' failed (TypeError); error id 3f2b9c1e.`; the messages Sprout writes for the
 *   model (invalid arguments, timeouts) are still sent, masked.
 *
 * @see DefaultToolExecutionExceptionProcessor, which applies it
 */
export type ToolErrorDetail = 'masked' | 'message' | 'generic';

/** Default of `spring.ai.tools.errors.detail` and of the processor's `detail` option. */
export const DEFAULT_TOOL_ERROR_DETAIL: ToolErrorDetail = 'masked';

/** Every {@link ToolErrorDetail}, in the order they are documented. */
export const TOOL_ERROR_DETAILS: readonly ToolErrorDetail[] = Object.freeze(['masked', 'message', 'generic']);
