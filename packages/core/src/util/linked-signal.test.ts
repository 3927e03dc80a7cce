import { getEventListeners } from 'node:events';
import { linkedSignal } from './linked-signal';

describe(linkedSignal, () => {
  describe('when the caller aborts', () => {
    it('should abort the linked signal with the same reason', () => {
      const caller = new AbortController();
      const linked = linkedSignal(caller.signal);
      caller.abort(new Error('stop'));
      expect(linked.signal.aborted).toBe(true);
      expect((linked.signal.reason as Error).message).toBe('stop');
    });
  });

  describe('when disposed', () => {
    it('should leave no listener on the caller’s signal and ignore a later abort', () => {
      const caller = new AbortController();
      const linked = linkedSignal(caller.signal);
      linked.dispose();
      expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
      caller.abort();
      expect(linked.signal.aborted).toBe(false);
    });
  });

  describe('when aborted for its own reason', () => {
    it('should abort the linked signal only, and start aborted for an aborted caller', () => {
      const caller = new AbortController();
      const linked = linkedSignal(caller.signal);
      linked.abort('timeout');
      expect([linked.signal.aborted, caller.signal.aborted]).toEqual([true, false]);
      expect(linkedSignal(AbortSignal.abort('gone')).signal.reason).toBe('gone');
    });
  });
});
