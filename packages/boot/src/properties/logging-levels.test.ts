import { ChatClient } from '@sprout-ai/chat-client';
import { FunctionToolCallback } from '@sprout-ai/core';
import { createLogger, setLogLevels } from '@sprout-ai/core/internal';
import { ScriptedChatModel, assistantText, assistantToolCalls, captureLogLines } from '@sprout-ai/test';
import { applyLoggingLevels } from './logging-levels';
import { SproutProperties } from './sprout-properties';

describe(applyLoggingLevels, () => {
  afterEach(() => setLogLevels({}));

  it('should set every Sprout logger from logging.level.sprout, and one logger from logging.level.sprout.<name>', () => {
    const advisor = createLogger('ToolCallingAdvisor');
    const manager = createLogger('DefaultToolCallingManager');

    applyLoggingLevels(
      SproutProperties.from({
        'logging.level.sprout': 'DEBUG',
        'logging.level.sprout.DefaultToolCallingManager': 'off',
      }),
    );

    expect([advisor.level, manager.level]).toEqual(['debug', 'silent']);
  });

  it.each([['call'], ['stream']] as const)(
    'should show every round of a .%s at logging.level.sprout=debug',
    async (mode) => {
      applyLoggingLevels(SproutProperties.from({ 'logging.level.sprout': 'debug' }));
      const model = new ScriptedChatModel([
        assistantToolCalls([{ id: 'call_1', name: 'clock', arguments: {} }]),
        assistantText('It is noon.'),
      ]);
      const clock = FunctionToolCallback.builder('clock', () => '12:00')
        .description('The time')
        .build();
      const logs = captureLogLines();
      let rounds: unknown[];
      try {
        const spec = ChatClient.create(model).prompt('Time?').tools(clock);
        if (mode === 'call') await spec.call().content();
        else for await (const _ of spec.stream().content());
        rounds = (await logs.records())
          .filter((line) => line.msg === 'round: model answered')
          .map((line) => line.round);
      } finally {
        logs.restore();
      }

      expect(rounds).toEqual([1, 2]);
    },
  );

  it('should reject a level that is not one, naming the key', () => {
    expect(() => applyLoggingLevels(SproutProperties.from({ 'logging.level.sprout': 'loud' }))).toThrow(
      /logging\.level\.sprout/,
    );
  });
});
