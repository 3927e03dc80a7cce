import type { EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { McpEventStore } from './mcp-event-store';

/**
 * One session's view of a server-wide event store, as the SDK transport of that session uses it:
 * its stream ids are stored prefixed with the session id, and an event id of another session is
 * unknown here (the SDK answers `400`), so a client can never replay another session's messages.
 *
 * @param store - the server's event store
 * @param sessionId - the session's id
 */
export function sessionScopedEventStore(store: McpEventStore, sessionId: string): EventStore {
  const prefix = `${sessionId}/`;
  const ownStream = async (eventId: string): Promise<string | undefined> => {
    const streamId = await store.getStreamIdForEventId(eventId);
    return streamId?.startsWith(prefix) === true ? streamId.slice(prefix.length) : undefined;
  };
  return {
    storeEvent: (streamId, message) => store.storeEvent(prefix + streamId, message),
    getStreamIdForEventId: ownStream,
    replayEventsAfter: async (lastEventId, callbacks) => {
      if ((await ownStream(lastEventId)) === undefined) {
        throw new Error(`Event '${lastEventId}' is unknown in this session`);
      }
      return (await store.replayEventsAfter(lastEventId, callbacks)).slice(prefix.length);
    },
  };
}
