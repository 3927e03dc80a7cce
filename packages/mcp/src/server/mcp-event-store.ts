import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * Where a streamable HTTP MCP server keeps the messages it sends on its SSE streams, so that a
 * client that lost a stream — the network dropped, or the server closed it to be polled (SEP-1699)
 * — can reconnect with `GET` and `Last-Event-ID` and receive what it missed. Each stored message
 * gets an event id, sent as the SSE `id:` field.
 *
 * `McpToolServer.listen({ eventStore })` scopes the store to each session, so one store can serve
 * every session of a server: a client can only replay its own session's events.
 *
 * @see {@link InMemoryMcpEventStore}, the bounded in-memory implementation
 * @see the MCP SDK's `EventStore` (the same shape)
 * @remarks Spring AI's MCP server has no resumable streams; this follows the TypeScript SDK.
 * All methods are async, so a store may live outside the process.
 */
export interface McpEventStore {
  /**
   * Keeps a message sent (or to be sent) on a stream.
   *
   * @param streamId - the SSE stream, e.g. one `POST`'s response stream
   * @param message - the JSON-RPC message; `{}` for the empty priming event that opens a stream
   * @returns the new event's id, unique in this store
   */
  storeEvent(streamId: string, message: JSONRPCMessage): Promise<string>;
  /**
   * The stream an event belongs to.
   *
   * @param eventId - an id this store returned
   * @returns its stream, or `undefined` when the id is unknown or no longer kept
   */
  getStreamIdForEventId(eventId: string): Promise<string | undefined>;
  /**
   * Sends, in order, the messages of `lastEventId`'s stream stored after it (priming events left out).
   *
   * @param lastEventId - the last event the client received
   * @param callbacks - `send(eventId, message)` writes one event to the resumed stream
   * @returns the stream the events belong to
   * @throws Error when `lastEventId` is unknown or no longer kept
   */
  replayEventsAfter(
    lastEventId: string,
    callbacks: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> },
  ): Promise<string>;
}
