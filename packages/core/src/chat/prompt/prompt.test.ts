import { Prompt } from './prompt';
import { SystemMessage } from '../messages/system-message';
import { UserMessage } from '../messages/user-message';

describe(Prompt, () => {
  describe('.systemMessage', () => {
    it('should return an empty system message when the prompt has none', () => {
      expect(new Prompt('hi').systemMessage.text).toBe('');
    });
    it('should return the first system message', () => {
      const p = new Prompt([new UserMessage('u'), new SystemMessage('a'), new SystemMessage('b')]);
      expect(p.systemMessage.text).toBe('a');
    });
  });
});
