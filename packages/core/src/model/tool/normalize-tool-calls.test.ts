import { AssistantMessage } from '../../chat/messages/assistant-message';
import { normalizeToolCalls } from './normalize-tool-calls';

const call = (id: string, args: string) => ({ id, type: 'function', name: 'searchDocs', arguments: args });

describe(normalizeToolCalls, () => {
  it('should return the same message when every call is usable as sent', () => {
    const message = new AssistantMessage('', [call('c1', '{"query":"x"}')]);
    expect(normalizeToolCalls(message)).toBe(message);
  });

  it('should repair arguments, record the repairs on the call and keep text and metadata (02-fenced-arguments)', () => {
    const message = new AssistantMessage(
      'Searching.',
      [call('c1', '```json\n{"query": "refund policy"}\n```<|tool_call_end|>')],
      {
        index: 0,
      },
    );
    const normalized = normalizeToolCalls(message);
    expect(normalized.text).toBe('Searching.');
    expect(normalized.metadata).toEqual({ index: 0 });
    expect(normalized.toolCalls).toEqual([
      { ...call('c1', '{"query":"refund policy"}'), argumentRepairs: ['markdown-fence', 'special-tokens'] },
    ]);
  });

  it('should synthesize unique ids for blank ones, and read blank arguments as {} (01, 08)', () => {
    const normalized = normalizeToolCalls(new AssistantMessage('', [call('', ''), call(' ', '{}')]));
    const [a, b] = normalized.toolCalls;
    expect(a.id).toMatch(/^call_[0-9a-f]{32}$/);
    expect(b.id).toMatch(/^call_[0-9a-f]{32}$/);
    expect(a.id).not.toBe(b.id);
    expect(a.arguments).toBe('{}');
  });

  it.each(['', '   ', '\n', '\t', ' \r\n '])('should read the blank arguments %j as {}', (args) => {
    expect(normalizeToolCalls(new AssistantMessage('', [call('c1', args)])).toolCalls).toEqual([call('c1', '{}')]);
  });

  it('should keep arguments it cannot repair as sent, for the tool to report', () => {
    const normalized = normalizeToolCalls(new AssistantMessage('', [call('c1', '{"query":"refu')]));
    expect(normalized.toolCalls[0]).toEqual(call('c1', '{"query":"refu'));
  });
});
