/**
 * A provider's stream ended before its answer was complete (no finish or stop reason). Thrown by a
 * provider's stream assembler and turned into the provider's `ModelApiError` by
 * {@link ProviderChatExchange}; never reaches a caller as it is.
 */
export class IncompleteStreamError extends Error {
  override readonly name = 'IncompleteStreamError';
}
