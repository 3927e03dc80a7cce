import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { ConfigurationError } from '@sprout-ai/core';
import type { McpEventStore } from './mcp-event-store';

/** Default of {@link InMemoryMcpEventStoreOptions.maxEvents}. */
export const DEFAULT_MCP_EVENT_STORE_MAX_EVENTS = 10_000;
/** Default of {@link InMemoryMcpEventStoreOptions.timeToLiveMs}: 5 minutes. */
export const DEFAULT_MCP_EVENT_STORE_TIME_TO_LIVE_MS = 5 * 60_000;

/** Options of {@link InMemoryMcpEventStore}. */
export interface InMemoryMcpEventStoreOptions {
  /**
   * The most events kept, over all streams and sessions; storing one more drops the oldest
   * (`sprout.mcp.server.streamable-http.event-store.max-events`). @defaultValue 10 000
   */
  readonly maxEvents?: number;
  /**
   * How long an event is kept, in milliseconds, after it was stored
   * (`sprout.mcp.server.streamable-http.event-store.time-to-live`). @defaultValue 5 minutes
   */
  readonly timeToLiveMs?: number;
  /** The clock, in milliseconds. @defaultValue `Date.now` */
  readonly now?: () => number;
}

interface StoredEvent {
  readonly streamId: string;
  readonly sequence: number;
  readonly message: JSONRPCMessage;
  readonly storedAt: number;
}

/**
 * An {@link McpEventStore} in this process's memory: it keeps every message sent on the server's
 * SSE streams (responses, notifications, requests to the client and the empty priming events) for
 * {@link InMemoryMcpEventStoreOptions.timeToLiveMs} (5 minutes by default), and at most
 * {@link InMemoryMcpEventStoreOptions.maxEvents} of them (10 000), dropping the oldest first. A
 * client that comes back later, or after newer events pushed its last one out, gets `400` for its
 * `Last-Event-ID` and must repeat its request. Event ids are a counter of this store; messages are
 * kept as they were sent (a large tool result counts as one event), and nothing outlives the process.
 *
 * @example
 * ```ts
 * await server.listen({ port: 3001, eventStore: new InMemoryMcpEventStore({ timeToLiveMs: 60_000 }) });
 * ```
 * @see the TypeScript MCP SDK's `InMemoryEventStore` (an example there, unbounded)
 */
export class InMemoryMcpEventStore implements McpEventStore {
  /** Insertion order is time order: the oldest events come first. */
  readonly #events = new Map<string, StoredEvent>();
  readonly #maxEvents: number;
  readonly #timeToLiveMs: number;
  readonly #now: () => number;
  #sequence = 0;

  /**
   * @param options - bounds and clock
   * @throws ConfigurationError when `maxEvents` is not a positive integer or `timeToLiveMs` not a positive number
   */
  constructor(options: InMemoryMcpEventStoreOptions = {}) {
    this.#maxEvents = options.maxEvents ?? DEFAULT_MCP_EVENT_STORE_MAX_EVENTS;
    this.#timeToLiveMs = options.timeToLiveMs ?? DEFAULT_MCP_EVENT_STORE_TIME_TO_LIVE_MS;
    this.#now = options.now ?? Date.now;
    if (!Number.isSafeInteger(this.#maxEvents) || this.#maxEvents < 1) {
      throw new ConfigurationError({ setting: 'maxEvents', value: options.maxEvents, allowed: 'a positive integer' });
    }
    if (!(this.#timeToLiveMs > 0) || !Number.isFinite(this.#timeToLiveMs)) {
      throw new ConfigurationError({
        setting: 'timeToLiveMs',
        value: options.timeToLiveMs,
        allowed: 'a positive number of milliseconds',
      });
    }
  }

  /** How many events are kept now (expired ones not counted). */
  get size(): number {
    this.#dropExpired();
    return this.#events.size;
  }

  /** {@inheritDoc McpEventStore.storeEvent} */
  storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    this.#dropExpired();
    const sequence = ++this.#sequence;
    const eventId = String(sequence);
    this.#events.set(eventId, { streamId, sequence, message, storedAt: this.#now() });
    while (this.#events.size > this.#maxEvents) this.#events.delete(this.#events.keys().next().value as string);
    return Promise.resolve(eventId);
  }

  /** {@inheritDoc McpEventStore.getStreamIdForEventId} */
  getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    this.#dropExpired();
    return Promise.resolve(this.#events.get(eventId)?.streamId);
  }

  /** {@inheritDoc McpEventStore.replayEventsAfter} */
  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> },
  ): Promise<string> {
    this.#dropExpired();
    const last = this.#events.get(lastEventId);
    if (last === undefined) throw new Error(`Unknown or expired event id '${lastEventId}'`);
    // Copied first: sending may let the server store (and this store drop) events meanwhile.
    const after = [...this.#events].filter(
      ([, event]) =>
        event.streamId === last.streamId && event.sequence > last.sequence && Object.keys(event.message).length > 0,
    );
    for (const [eventId, event] of after) await send(eventId, event.message);
    return last.streamId;
  }

  #dropExpired(): void {
    const oldestKept = this.#now() - this.#timeToLiveMs;
    for (const [eventId, event] of this.#events) {
      if (event.storedAt > oldestKept) break;
      this.#events.delete(eventId);
    }
  }
}
