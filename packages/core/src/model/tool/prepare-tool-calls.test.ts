import { AssistantMessage } from '../../chat/messages/assistant-message';
import { FunctionToolCallback } from '../../tool/function/function-tool-callback';
import { fakeTool } from './__fixtures__/fake-tool-callback';
import { prepareToolCalls } from './prepare-tool-calls';

const call = (id: string, args: unknown) => ({ id, type: 'function', name: 'searchDocs', arguments: args as string });

const searchDocs = FunctionToolCallback.builder('searchDocs', (input: { query: string; limit?: number }) => input)
  .inputSchema({
    type: 'object',
    properties: { query: { type: 'string' }, limit: { type: 'integer' } },
    required: ['query'],
    additionalProperties: false,
  })
  .build();
const resolveAll = () => searchDocs;

describe(prepareToolCalls, () => {
  describe('when every call is usable as sent', () => {
    it('should keep the message and hand on the parsed, validated arguments', () => {
      const message = new AssistantMessage('', [call('c1', '{"query":"x","limit":"3"}')]);
      const round = prepareToolCalls(message, resolveAll);
      expect(round.assistantMessage).toBe(message);
      expect(round.calls).toHaveLength(1);
      const [prepared] = round.calls;
      expect(prepared).toMatchObject({ index: 0, id: 'c1', name: 'searchDocs', callback: searchDocs });
      // coerced once, here: the tool receives the number
      expect(prepared.arguments).toMatchObject({ value: { query: 'x', limit: 3 }, violations: [], validated: true });
    });
  });

  describe('when arguments need a repair (02-fenced-arguments)', () => {
    it('should record the repairs on the call and replay the repaired text, keeping text and metadata', () => {
      const message = new AssistantMessage(
        'Searching.',
        [call('c1', '```json\n{"query": "refund policy"}\n```<|tool_call_end|>')],
        { index: 0 },
      );
      const round = prepareToolCalls(message, resolveAll);
      expect(round.assistantMessage.text).toBe('Searching.');
      expect(round.assistantMessage.metadata).toEqual({ index: 0 });
      expect(round.assistantMessage.toolCalls).toEqual([
        { ...call('c1', '{"query":"refund policy"}'), argumentRepairs: ['markdown-fence', 'special-tokens'] },
      ]);
      expect(round.calls[0].arguments.value).toEqual({ query: 'refund policy' });
    });
  });

  describe('when ids are blank or missing (08-empty-tool-call-id)', () => {
    it('should synthesize one unique id per call, used for the replayed call too', () => {
      const round = prepareToolCalls(new AssistantMessage('', [call('', ''), call(' ', '{}')]), resolveAll);
      const [a, b] = round.calls;
      expect(a.id).toMatch(/^call_[0-9a-f]{32}$/);
      expect(b.id).toMatch(/^call_[0-9a-f]{32}$/);
      expect(a.id).not.toBe(b.id);
      expect(round.assistantMessage.toolCalls.map((c) => c.id)).toEqual([a.id, b.id]);
    });
  });

  describe('when arguments are blank (01-empty-arguments)', () => {
    it.each(['', '   ', '\n', '\t', ' \r\n '])('should read %j as {} and replay "{}"', (args) => {
      const tool = fakeTool('searchDocs');
      const round = prepareToolCalls(new AssistantMessage('', [call('c1', args)]), () => tool);
      expect(round.assistantMessage.toolCalls).toEqual([call('c1', '{}')]);
      expect(round.calls[0].arguments.value).toEqual({});
    });
  });

  describe('when arguments cannot be repaired', () => {
    it.each(['{"query":"refu', "{'query': ", 'not json at all', '[1,2]'])(
      'should replay %j as {} (valid JSON for servers that parse the history) and name the problem',
      (sent) => {
        const round = prepareToolCalls(new AssistantMessage('', [call('c1', sent)]), resolveAll);
        expect(round.assistantMessage.toolCalls[0]).toEqual(call('c1', '{}'));
        expect(round.calls[0].arguments.value).toBeUndefined();
        expect(round.calls[0].arguments.raw).toBe(sent);
        expect(round.calls[0].arguments.problem).toEqual(expect.any(String));
      },
    );
  });

  describe('when the provider reports that the arguments did not arrive intact', () => {
    it('should not hand the tool any arguments, fail the call with the problem, and replay {}', () => {
      const broken = { ...call('c1', '{"query":"x"}'), argumentsProblem: 'fragments could not be matched' };
      const round = prepareToolCalls(new AssistantMessage('', [broken]), resolveAll);
      const [prepared] = round.calls;
      expect(prepared.arguments.value).toBeUndefined();
      expect(prepared.preparationError).toBeInstanceOf(Error);
      expect((prepared.preparationError as Error).message).toBe(
        "The arguments of tool 'searchDocs' did not arrive intact: fragments could not be matched.",
      );
      expect(round.assistantMessage.toolCalls[0].arguments).toBe('{}');
    });
  });

  describe('when two calls of one message share an id', () => {
    it('should keep the first id and give the second a unique one, in the replayed message too', () => {
      const round = prepareToolCalls(
        new AssistantMessage('', [
          call('call_1', '{"query":"a"}'),
          call('call_1', '{"query":"b"}'),
          call('call_1', '{"query":"c"}'),
        ]),
        resolveAll,
      );
      const ids = round.calls.map((c) => c.id);
      expect(ids[0]).toBe('call_1');
      expect(new Set(ids).size).toBe(3);
      expect(round.assistantMessage.toolCalls.map((c) => c.id)).toEqual(ids);
      expect(round.calls.map((c) => c.arguments.value)).toEqual([{ query: 'a' }, { query: 'b' }, { query: 'c' }]);
    });
  });

  describe('when arguments violate the schema', () => {
    it('should list the violations on the prepared call', () => {
      const round = prepareToolCalls(new AssistantMessage('', [call('c1', '{"limit":"many"}')]), resolveAll);
      expect(round.calls[0].arguments.violations).toEqual([
        "(root) must have required property 'query'",
        '/limit must be integer',
      ]);
    });
  });

  describe('when a name resolves to nothing', () => {
    it('should prepare the call without a callback', () => {
      const round = prepareToolCalls(new AssistantMessage('', [call('c1', '{}')]), () => undefined);
      expect(round.calls[0].callback).toBeUndefined();
      expect(round.calls[0].arguments.value).toEqual({});
    });
  });
});
