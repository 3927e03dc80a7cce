import { captureLogLines } from '@sprout-ai/test';
import { createLogger, setLogLevels } from './logger';

describe(createLogger, () => {
  it('should write every line with URL passwords masked: message, error message, stack and fields', async () => {
    const logs = captureLogLines();
    let lines: string[];
    try {
      const error = new Error('connection to db://admin:hunter2@10.0.0.5 refused');
      createLogger('test.redaction').error(
        { err: error, target: 'postgres://app:s3cr3t@db/orders' },
        'Tool failed: connection to db://admin:hunter2@10.0.0.5 refused',
      );
      lines = (await logs.lines()).filter((line) => line.includes('test.redaction'));
    } finally {
      logs.restore();
    }

    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/hunter2|s3cr3t/);
    expect(JSON.parse(lines[0])).toMatchObject({
      level: 50,
      name: 'test.redaction',
      msg: 'Tool failed: connection to db://admin:***@10.0.0.5 refused',
      target: 'postgres://app:***@db/orders',
      err: {
        message: 'connection to db://admin:***@10.0.0.5 refused',
        stack: expect.stringMatching(/^Error: connection to db:\/\/admin:\*\*\*@10\.0\.0\.5 refused\n/) as unknown,
      },
    });
  });

  describe(setLogLevels, () => {
    afterEach(() => setLogLevels({}));

    it('should reach loggers made before and after, a named level winning over the one for all', () => {
      const before = createLogger('test.levels.before');
      const sameName = [createLogger('test.levels.shared'), createLogger('test.levels.shared')];
      setLogLevels({ '': 'debug', 'test.levels.quiet': 'error', 'test.levels.shared': 'info' });
      const after = createLogger('test.levels.after');
      const quiet = createLogger('test.levels.quiet');

      expect([before.level, after.level, quiet.level]).toEqual(['debug', 'debug', 'error']);
      expect(sameName.map((logger) => logger.level)).toEqual(['info', 'info']);
      expect(sameName[0]).toBe(sameName[1]);
    });
  });
});
