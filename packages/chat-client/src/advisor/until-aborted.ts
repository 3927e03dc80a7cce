import { RequestAbortedError } from '@sprout-ai/core';
import { untilAborted } from '@sprout-ai/core/internal';

/**
 * The chunks of `chunks`, ending with {@link RequestAbortedError} as soon as `signal` aborts
 * (internal): while a chunk is awaited, between chunks, and when the stream ends after the signal
 * aborted — a model that ends its stream early when aborted (as the `openai` client's does) is not
 * taken for one that finished its answer. The model's stream is then returned, so it can release
 * its request.
 *
 * @param chunks - the model's stream
 * @param signal - the request's signal; without one, `chunks` is returned as it is
 * @throws RequestAbortedError (when iterated) when `signal` aborts before the stream's end
 */
export function abortableStream<T>(chunks: AsyncIterable<T>, signal: AbortSignal | undefined): AsyncIterable<T> {
  // without a signal, no generator in between: nothing is added per chunk on the common path
  return signal === undefined ? chunks : guarded(chunks, signal);
}

async function* guarded<T>(chunks: AsyncIterable<T>, signal: AbortSignal): AsyncGenerator<T> {
  const iterator = chunks[Symbol.asyncIterator]();
  let ended = false; // the stream finished or failed: nothing to return
  let pulling = false; // a next() is still running: the stream is returned without waiting for it
  try {
    for (;;) {
      RequestAbortedError.throwIfAborted(signal);
      pulling = true;
      const next = iterator.next().then(
        (result) => {
          pulling = false;
          return result;
        },
        (error: unknown) => {
          pulling = false;
          ended = true;
          throw error;
        },
      );
      const result = await untilAborted(next, signal);
      if (result.done === true) {
        ended = true;
        break;
      }
      yield result.value;
    }
  } finally {
    if (!ended) {
      const closing = returnQuietly(iterator);
      if (!pulling) await closing;
    }
  }
  RequestAbortedError.throwIfAborted(signal);
}

async function returnQuietly(iterator: AsyncIterator<unknown>): Promise<void> {
  try {
    await iterator.return?.();
  } catch {
    // the stream failed while it was being closed; the request's own error (or abort) stands
  }
}
