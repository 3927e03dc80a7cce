import type { ToolDefinition } from '@sprout-ai/core';
import { DESK_TOOLS } from './__fixtures__/desk-tools';
import { LruEvictionStrategy } from './lru-eviction-strategy';
import { RegexToolIndex } from './regex-tool-index';
import type { ToolIndex, ToolSearchRequest, ToolSearchResponse } from './tool-index';
import { ToolSearchSessions } from './tool-search-sessions';

/** A RegexToolIndex whose indexing waits until released, recording the order of events. */
class SlowIndex implements ToolIndex {
  readonly inner = new RegexToolIndex();
  readonly events: string[] = [];
  release: () => void = () => undefined;
  async indexTools(sessionId: string, tools: readonly ToolDefinition[]): Promise<void> {
    this.events.push(`start ${tools.length}`);
    await new Promise<void>((resolve) => (this.release = resolve));
    this.inner.indexTools(sessionId, tools);
    this.events.push(`end ${tools.length}`);
  }
  search(request: ToolSearchRequest): ToolSearchResponse {
    return this.inner.search(request);
  }
  clearIndex(sessionId: string): void {
    this.inner.clearIndex(sessionId);
  }
}

describe(ToolSearchSessions, () => {
  describe('.open', () => {
    it('should index a session once for the same tools in any order, and again when they change', async () => {
      const index = new RegexToolIndex();
      const spy = jest.spyOn(index, 'indexTools');
      const sessions = new ToolSearchSessions(index, new LruEvictionStrategy());

      await sessions.open('s', DESK_TOOLS);
      await sessions.open('s', [...DESK_TOOLS].reverse());
      await sessions.open('s', [{ ...DESK_TOOLS[0], description: 'changed' }, ...DESK_TOOLS.slice(1)]);

      expect(spy).toHaveBeenCalledTimes(2);
      expect(index.size('s')).toBe(DESK_TOOLS.length);
    });

    it('should run concurrent opens of one session one after the other', async () => {
      const index = new SlowIndex();
      const sessions = new ToolSearchSessions(index, new LruEvictionStrategy());

      const first = sessions.open('s', DESK_TOOLS.slice(0, 2));
      const second = sessions.open('s', DESK_TOOLS.slice(0, 3));
      await new Promise((resolve) => setImmediate(resolve));
      index.release();
      await new Promise((resolve) => setImmediate(resolve));
      index.release();
      await Promise.all([first, second]);

      expect(index.events).toEqual(['start 2', 'end 2', 'start 3', 'end 3']);
      expect(index.inner.size('s')).toBe(3);
    });

    it('should index the session again after a failed indexing', async () => {
      const index = new RegexToolIndex();
      jest.spyOn(index, 'indexTools').mockImplementationOnce(() => {
        throw new Error('disk full');
      });
      const sessions = new ToolSearchSessions(index, new LruEvictionStrategy());

      await expect(sessions.open('s', DESK_TOOLS)).rejects.toThrow('disk full');
      await sessions.open('s', DESK_TOOLS);

      expect(sessions.isIndexed('s')).toBe(true);
      expect(index.size('s')).toBe(DESK_TOOLS.length);
    });
  });

  describe('.rememberDiscovered', () => {
    it('should add to the names found before when accumulating, and replace them otherwise', () => {
      const sessions = new ToolSearchSessions(new RegexToolIndex(), new LruEvictionStrategy());
      sessions.rememberDiscovered('s', new Set(['a']), true);
      expect([...sessions.rememberDiscovered('s', new Set(['b']), true)]).toEqual(['a', 'b']);
      expect([...sessions.rememberDiscovered('s', new Set(['c']), false)]).toEqual(['c']);
    });

    it('should forget them when the session is evicted', async () => {
      const sessions = new ToolSearchSessions(new RegexToolIndex(), new LruEvictionStrategy());
      sessions.rememberDiscovered('s', new Set(['a']), true);
      await sessions.evictSession('s');
      expect([...sessions.discovered('s')]).toEqual([]);
    });
  });
});
