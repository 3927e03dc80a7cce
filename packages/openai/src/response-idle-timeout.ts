/**
 * A response body went silent for longer than the model's idle timeout (internal: mapped to an
 * `OpenAiApiError` that names the endpoint and the setting).
 */
export class ResponseIdleTimeoutError extends Error {
  override readonly name = 'ResponseIdleTimeoutError';

  /** @param idleTimeoutMs - the silence allowed, in milliseconds */
  constructor(readonly idleTimeoutMs: number) {
    super(`no data for ${idleTimeoutMs} ms while the response body was arriving`);
  }
}

/**
 * `fetch` whose response bodies fail with {@link ResponseIdleTimeoutError} when no bytes arrive for
 * `idleTimeoutMs`, and cancel the connection. The `openai` client's own timeout ends when the
 * headers arrive, so a server that stalls after them (half a JSON body, a stream that stops after
 * its first chunk) would otherwise be waited for until the socket dies.
 *
 * @param fetchImpl - the fetch to wrap
 * @param idleTimeoutMs - longest silence allowed between two pieces of a body, in milliseconds
 */
export function withResponseIdleTimeout(fetchImpl: typeof fetch, idleTimeoutMs: number): typeof fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    const source = response.body;
    if (source === null) return response;
    const reader = source.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        let timer: NodeJS.Timeout | undefined;
        const silence = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new ResponseIdleTimeoutError(idleTimeoutMs)), idleTimeoutMs);
        });
        try {
          const { done, value } = await Promise.race([reader.read(), silence]);
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (error) {
          controller.error(error);
          void reader.cancel(error).catch(() => undefined);
        } finally {
          clearTimeout(timer);
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
