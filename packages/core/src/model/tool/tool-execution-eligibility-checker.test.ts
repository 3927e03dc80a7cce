import { AssistantMessage } from '../../chat/messages/assistant-message';
import { ChatResponse } from '../../chat/model/chat-response';
import { defaultToolExecutionEligibilityChecker } from './tool-execution-eligibility-checker';

describe(defaultToolExecutionEligibilityChecker, () => {
  const call = { id: '1', type: 'function', name: 'a', arguments: '{}' };
  it('should be true when any generation has tool calls', () => {
    const response = new ChatResponse([
      { output: new AssistantMessage('text'), metadata: {} },
      { output: new AssistantMessage('', [call]), metadata: {} },
    ]);
    expect(defaultToolExecutionEligibilityChecker(response)).toBe(true);
  });
  it('should be false when no generation has tool calls', () => {
    expect(
      defaultToolExecutionEligibilityChecker(new ChatResponse([{ output: new AssistantMessage('t'), metadata: {} }])),
    ).toBe(false);
    expect(defaultToolExecutionEligibilityChecker(new ChatResponse([]))).toBe(false);
  });
  it.each([undefined, null])('should be false for %p', (response) => {
    expect(defaultToolExecutionEligibilityChecker(response)).toBe(false);
  });
});
