import { AssistantMessage } from '../../chat/messages/assistant-message';
import { ToolResponseMessage } from '../../chat/messages/tool-response-message';
import { UserMessage } from '../../chat/messages/user-message';
import { buildReturnDirectGenerations } from './build-return-direct-generations';

describe(buildReturnDirectGenerations, () => {
  describe('when the last message is a ToolResponseMessage', () => {
    it('should return one returnDirect generation per response of that message, in order', () => {
      const generations = buildReturnDirectGenerations({
        conversationHistory: [
          new UserMessage('hi'),
          new ToolResponseMessage([{ id: 'old', name: 'x', responseData: 'earlier round' }]),
          new AssistantMessage(''),
          new ToolResponseMessage([
            { id: 'c1', name: 'a', responseData: '{"status":"shipped"}' },
            { id: 'c2', name: 'b', responseData: '' },
          ]),
        ],
        returnDirect: true,
      });
      expect(generations.map((g) => [g.output.text, g.metadata])).toEqual([
        ['{"status":"shipped"}', { finishReason: 'returnDirect', toolId: 'c1', toolName: 'a' }],
        ['', { finishReason: 'returnDirect', toolId: 'c2', toolName: 'b' }],
      ]);
      expect(generations[0].output).toBeInstanceOf(AssistantMessage);
      expect(generations[0].output.hasToolCalls()).toBe(false);
    });
  });

  describe('when the last message is not a ToolResponseMessage', () => {
    it('should return no generations', () => {
      const history = [new ToolResponseMessage([{ id: '1', name: 'a', responseData: 'x' }]), new UserMessage('u')];
      expect(buildReturnDirectGenerations({ conversationHistory: history, returnDirect: true })).toEqual([]);
    });
  });

  describe('when the history is empty', () => {
    it('should return no generations', () => {
      expect(buildReturnDirectGenerations({ conversationHistory: [], returnDirect: false })).toEqual([]);
    });
  });
});
