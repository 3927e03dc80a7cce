import { createLogger, setLogLevels } from '@sprout-ai/core/internal';
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

  it('should reject a level that is not one, naming the key', () => {
    expect(() => applyLoggingLevels(SproutProperties.from({ 'logging.level.sprout': 'loud' }))).toThrow(
      /logging\.level\.sprout/,
    );
  });
});
