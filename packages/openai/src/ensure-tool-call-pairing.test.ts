import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { ensureToolCallPairing, UNANSWERED_TOOL_CALL_CONTENT } from './ensure-tool-call-pairing';

const call = (id: string, name = 'getOrderStatus') => ({
  id,
  type: 'function' as const,
  function: { name, arguments: '{}' },
});
const tool = (id: string, content = 'ok'): ChatCompletionMessageParam => ({ role: 'tool', tool_call_id: id, content });

describe(ensureToolCallPairing, () => {
  it('should return well-paired messages unchanged', () => {
    const messages: ChatCompletionMessageParam[] = [
      { role: 'user', content: 'q' },
      { role: 'assistant', content: '', tool_calls: [call('a'), call('b')] },
      tool('a'),
      tool('b'),
    ];
    expect(ensureToolCallPairing(messages)).toBe(messages);
  });

  it('should reorder answers to the order of the calls', () => {
    const out = ensureToolCallPairing([
      { role: 'assistant', content: '', tool_calls: [call('a'), call('b')] },
      tool('b'),
      tool('a'),
    ]);
    expect(out.slice(1).map((m) => (m.role === 'tool' ? m.tool_call_id : ''))).toEqual(['a', 'b']);
  });

  it('should answer a call that has no tool message, and drop a second answer and an orphan', () => {
    const out = ensureToolCallPairing([
      tool('orphan'),
      { role: 'assistant', content: '', tool_calls: [call('a'), call('b')] },
      tool('a', 'first'),
      tool('a', 'second'),
      { role: 'user', content: 'next' },
    ]);
    expect(out).toEqual([
      { role: 'assistant', content: '', tool_calls: [call('a'), call('b')] },
      tool('a', 'first'),
      tool('b', UNANSWERED_TOOL_CALL_CONTENT),
      { role: 'user', content: 'next' },
    ]);
  });

  it('should give blank and repeated ids synthesized ones and pair the unknown answers by position (08-empty-tool-call-id)', () => {
    const out = ensureToolCallPairing([
      { role: 'assistant', content: '', tool_calls: [call(''), call('x'), call('x')] },
      tool('', 'one'),
      tool('x', 'two'),
      tool('x', 'three'),
    ]);
    const assistant = out[0] as { tool_calls: { id: string }[] };
    const ids = assistant.tool_calls.map((c) => c.id);
    expect(ids[0]).toMatch(/^call_[0-9a-f]{32}$/);
    expect(ids[1]).toBe('x');
    expect(ids[2]).toMatch(/^call_[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(3);
    expect(out.slice(1)).toEqual([tool(ids[0], 'one'), tool('x', 'two'), tool(ids[2], 'three')]);
  });
});
