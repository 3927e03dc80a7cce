import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { ConfigurationError } from '@sprout-ai/core';
import { errorOf } from '@sprout-ai/test';
import { InMemoryMcpEventStore } from './in-memory-mcp-event-store';

const note = (n: number): JSONRPCMessage => ({ jsonrpc: '2.0', method: 'notifications/message', params: { n } });

async function replay(store: InMemoryMcpEventStore, lastEventId: string) {
  const sent: [string, JSONRPCMessage][] = [];
  const streamId = await store.replayEventsAfter(lastEventId, {
    send: (eventId, message) => Promise.resolve(void sent.push([eventId, message])),
  });
  return { streamId, sent };
}

describe(InMemoryMcpEventStore, () => {
  it("should replay the events of the last event's stream stored after it, in order, without priming events", async () => {
    const store = new InMemoryMcpEventStore();
    const priming = await store.storeEvent('a', {} as JSONRPCMessage);
    const first = await store.storeEvent('a', note(1));
    await store.storeEvent('b', note(2));
    const third = await store.storeEvent('a', note(3));
    await store.storeEvent('a', {} as JSONRPCMessage);
    const fourth = await store.storeEvent('a', note(4));

    expect(await replay(store, priming)).toEqual({
      streamId: 'a',
      sent: [
        [first, note(1)],
        [third, note(3)],
        [fourth, note(4)],
      ],
    });
    expect((await replay(store, third)).sent).toEqual([[fourth, note(4)]]);
    expect(await store.getStreamIdForEventId(first)).toBe('a');
  });

  it('should keep at most maxEvents, dropping the oldest', async () => {
    const store = new InMemoryMcpEventStore({ maxEvents: 2 });
    const first = await store.storeEvent('a', note(1));
    const second = await store.storeEvent('a', note(2));
    const third = await store.storeEvent('a', note(3));

    expect(store.size).toBe(2);
    expect(await store.getStreamIdForEventId(first)).toBeUndefined();
    expect((await replay(store, second)).sent).toEqual([[third, note(3)]]);
    expect((await errorOf(replay(store, first), Error)).message).toBe(`Unknown or expired event id '${first}'`);
  });

  it('should forget events older than the time to live', async () => {
    let now = 1_000;
    const store = new InMemoryMcpEventStore({ timeToLiveMs: 60_000, now: () => now });
    const old = await store.storeEvent('a', note(1));
    now += 30_000;
    const recent = await store.storeEvent('a', note(2));
    now += 30_000; // `old` is 60 s old now

    expect(await store.getStreamIdForEventId(old)).toBeUndefined();
    expect(await store.getStreamIdForEventId(recent)).toBe('a');
    expect(store.size).toBe(1);
  });

  it.each([
    [{ maxEvents: 0 }, 'maxEvents'],
    [{ maxEvents: 1.5 }, 'maxEvents'],
    [{ timeToLiveMs: 0 }, 'timeToLiveMs'],
    [{ timeToLiveMs: Number.NaN }, 'timeToLiveMs'],
  ])('should refuse %p with a ConfigurationError naming the option', (options, setting) => {
    expect(errorOf(() => new InMemoryMcpEventStore(options), ConfigurationError)).toMatchObject({ setting });
  });
});
