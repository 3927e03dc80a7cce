import { join } from 'node:path';
import { FunctionToolCallback, MessageWindowChatMemory, ToolContext, UserMessage } from '@sprout-ai/core';
import { createLogger } from '@sprout-ai/core/internal';

// The built package as a user's code loads it: through node_modules and the exports map to dist/.
describe('@sprout-ai/core entry', () => {
  it('should resolve to the build', () => {
    expect(require.resolve('@sprout-ai/core')).toBe(join(__dirname, '../dist/index.js'));
    expect(require.resolve('@sprout-ai/core/internal')).toBe(join(__dirname, '../dist/internal.js'));
  });

  it('should build and call a function tool', async () => {
    const callback = FunctionToolCallback.builder<{ city: string }, string>('weather', ({ city }) => `sunny in ${city}`)
      .description('Weather of a city')
      .inputSchema({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] })
      .build();

    expect(await callback.call('{"city":"Oslo"}', new ToolContext({}))).toBe('"sunny in Oslo"');
  });

  it('should keep a chat memory window', async () => {
    const memory = MessageWindowChatMemory.builder().maxMessages(1).build();
    await memory.add('c', [new UserMessage('first'), new UserMessage('second')]);

    expect(await memory.get('c')).toEqual([new UserMessage('second')]);
  });

  it('should give siblings ./internal and refuse paths into dist/', () => {
    expect(typeof createLogger('dist-test').info).toBe('function');
    expect(() => require.resolve('@sprout-ai/core/dist/util/logger')).toThrow(/Cannot find module/);
  });
});
