import { AssistantMessage, type Message, SystemMessage, ToolResponseMessage, UserMessage } from '@sprout-ai/core';
import { messagesEqual, repairToolCallHistory } from './history-integrity';

const call = (id: string) => ({ id, type: 'function', name: 'lookup', arguments: `{"id":"${id}"}` });
const response = (id: string) => ({ id, name: 'lookup', responseData: `"${id} ok"` });

describe(repairToolCallHistory, () => {
  describe('when every tool call is answered right after it', () => {
    it('should return the same messages and no issues', () => {
      const messages: Message[] = [
        new SystemMessage('s'),
        new UserMessage('u'),
        new AssistantMessage('', [call('a'), call('b')]),
        new ToolResponseMessage([response('b'), response('a')]),
        new AssistantMessage('done'),
      ];

      const result = repairToolCallHistory(messages);

      expect(result.issues).toEqual([]);
      expect(result.messages).toHaveLength(5);
      result.messages.forEach((message, i) => expect(message).toBe(messages[i]));
    });
  });

  describe('when a tool response has no call before it', () => {
    it('should drop it and report an orphan', () => {
      const result = repairToolCallHistory([new ToolResponseMessage([response('x')]), new UserMessage('u')]);

      expect(result.messages).toEqual([new UserMessage('u')]);
      expect(result.issues).toEqual([{ kind: 'orphan-tool-response', index: 0, toolCallIds: ['x'] }]);
    });
  });

  describe('when a tool call has no response', () => {
    it('should drop the call-only assistant message', () => {
      const result = repairToolCallHistory([new UserMessage('u'), new AssistantMessage('', [call('a')])]);

      expect(result.messages).toEqual([new UserMessage('u')]);
      expect(result.issues).toEqual([{ kind: 'unanswered-tool-call', index: 1, toolCallIds: ['a'] }]);
    });

    it('should keep the assistant text and the answered calls', () => {
      const result = repairToolCallHistory([
        new AssistantMessage('checking', [call('a'), call('b')]),
        new ToolResponseMessage([response('a')]),
        new AssistantMessage('thinking', [call('c')]),
        new UserMessage('next'),
      ]);

      expect(result.messages).toEqual([
        new AssistantMessage('checking', [call('a')]),
        new ToolResponseMessage([response('a')]),
        new AssistantMessage('thinking'),
        new UserMessage('next'),
      ]);
      expect(result.issues.map((issue) => [issue.kind, issue.toolCallIds])).toEqual([
        ['unanswered-tool-call', ['b']],
        ['unanswered-tool-call', ['c']],
      ]);
    });
  });

  describe('when a response answers a call of another group or repeats one', () => {
    it('should drop the foreign and the repeated responses', () => {
      const result = repairToolCallHistory([
        new AssistantMessage('', [call('a')]),
        new ToolResponseMessage([response('a'), response('z')]),
        new ToolResponseMessage([response('a')]),
      ]);

      expect(result.messages).toEqual([
        new AssistantMessage('', [call('a')]),
        new ToolResponseMessage([response('a')]),
      ]);
      expect(result.issues.map((issue) => issue.kind)).toEqual(['orphan-tool-response', 'duplicate-tool-response']);
    });
  });
});

describe(messagesEqual, () => {
  describe('when comparing a message with a copy read back from a store', () => {
    it('should compare role, content, tool calls and metadata', () => {
      expect(messagesEqual(new UserMessage('a', { k: 1 }), new UserMessage('a', { k: 1 }))).toBe(true);
      expect(messagesEqual(new UserMessage('a'), new AssistantMessage('a'))).toBe(false);
      expect(messagesEqual(new UserMessage('a', { k: 1 }), new UserMessage('a', { k: 2 }))).toBe(false);
      expect(messagesEqual(new AssistantMessage('', [call('a')]), new AssistantMessage('', [call('b')]))).toBe(false);
    });
  });
});
