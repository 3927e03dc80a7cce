/**
 * The innermost cause's message of a connection error, e.g. `connect ECONNREFUSED 127.0.0.1:8080`,
 * for the one-line errors of the providers. Duck-typed: causes may come from another realm; an
 * `AggregateError` (e.g. `localhost` tried on ::1 and 127.0.0.1) gives its errors' messages.
 *
 * @param error - the SDK client's connection error
 * @returns the most specific message found
 */
export function rootCauseMessage(error: Error): string {
  let current: unknown = error;
  let message = error.message;
  for (let depth = 0; depth < 10 && typeof current === 'object' && current !== null; depth++) {
    const { message: text, cause, errors } = current as { message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof text === 'string' && text !== '') message = text;
    else if (Array.isArray(errors)) {
      const parts = (errors as unknown[]).map((e) => (e as { message?: unknown })?.message).filter(Boolean);
      if (parts.length > 0) message = parts.join('; ');
    }
    current = cause;
  }
  return message;
}
