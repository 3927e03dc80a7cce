import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadProperties } from './load-properties';
import { bindToolLimitNames } from './tool-limit-names';

const TOOLS = ['getWeather', 'getOrderStatus', 'get-sum'];

/** Binds the limits of these sources against `tools`. */
function bind(
  sources: { env?: Record<string, string>; overrides?: Record<string, string> },
  tools: readonly string[] = TOOLS,
) {
  const properties = loadProperties({ file: false, env: sources.env ?? {}, overrides: sources.overrides });
  return bindToolLimitNames(properties.toolCalling.limits, tools, properties);
}

describe(bindToolLimitNames, () => {
  describe('when a per-tool key is a typo of a tool name', () => {
    it('should report it with the tool it was likely meant for, and keep it as written', () => {
      const { limits, unmatched } = bind({
        overrides: { 'spring.ai.tools.limits.max-calls-per-tool.getWheather': '2' },
      });

      expect(limits.maxCallsPerTool).toEqual({ getWheather: 2 });
      expect(unmatched).toEqual([
        {
          key: 'spring.ai.tools.limits.max-calls-per-tool.getWheather',
          origin: 'override',
          name: 'getWheather',
          ambiguousWith: [],
          suggestion: 'getWeather',
          message:
            "Property 'spring.ai.tools.limits.max-calls-per-tool.getWheather' (from override) names no tool known " +
            "at start-up, so it limits nothing unless a request brings that tool; did you mean 'getWeather'?",
        },
      ]);
    });
  });

  describe('when a per-tool key from a file or an override has the wrong case', () => {
    it('should not bind it, and suggest the exact name', () => {
      const { limits, unmatched } = bind({
        overrides: { 'spring.ai.tools.limits.max-calls-per-tool.getweather': '2' },
      });

      expect(limits.maxCallsPerTool).toEqual({ getweather: 2 });
      expect(unmatched.map((u) => [u.name, u.suggestion])).toEqual([['getweather', 'getWeather']]);
    });
  });

  describe('when excluded-tools lists a name that is no tool', () => {
    it('should report that name alone, with the known tools when nothing is close', () => {
      const { limits, unmatched } = bind({
        overrides: { 'spring.ai.tools.limits.excluded-tools': 'getOrderStatus, nope' },
      });

      expect(limits.excludedTools).toEqual(['getOrderStatus', 'nope']);
      expect(unmatched.map((u) => u.message)).toEqual([
        "Property 'spring.ai.tools.limits.excluded-tools' (from override) lists 'nope', which names no tool known " +
          'at start-up, so it limits nothing unless a request brings that tool. Known tools: getWeather, ' +
          'getOrderStatus, get-sum.',
      ]);
    });
  });

  describe('when an environment variable names a tool in upper case', () => {
    it('should bind it to the one tool whose name matches ignoring case, without a warning', () => {
      const { limits, unmatched } = bind({
        env: {
          SPRING_AI_TOOLS_LIMITS_MAX_CALLS_PER_TOOL_GETWEATHER: '3',
          SPRING_AI_TOOLS_LIMITS_MAX_CALLS_PER_TOOL_GET_SUM: '-1',
          SPRING_AI_TOOLS_LIMITS_EXCLUDED_TOOLS: 'GETORDERSTATUS',
        },
      });

      expect(limits.maxCallsPerTool).toEqual({ getWeather: 3, 'get-sum': -1 });
      expect(limits.excludedTools).toEqual(['getOrderStatus']);
      expect(unmatched).toEqual([]);
    });

    it('should win over a key naming the same tool in the file, and lose to an override', () => {
      const dir = mkdtempSync(join(tmpdir(), 'sprout-limits-'));
      try {
        const file = join(dir, 'application.properties');
        writeFileSync(file, 'spring.ai.tools.limits.max-calls-per-tool.getWeather=9\n');
        const env = { SPRING_AI_TOOLS_LIMITS_MAX_CALLS_PER_TOOL_GETWEATHER: '3' };
        const fromFile = loadProperties({ file, env });
        const overridden = loadProperties({
          file,
          env,
          overrides: { 'spring.ai.tools.limits.max-calls-per-tool.getWeather': '7' },
        });

        expect(bindToolLimitNames(fromFile.toolCalling.limits, TOOLS, fromFile).limits.maxCallsPerTool).toEqual({
          getWeather: 3,
        });
        expect(bindToolLimitNames(overridden.toolCalling.limits, TOOLS, overridden).limits.maxCallsPerTool).toEqual({
          getWeather: 7,
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('should report a name that matches several tools ignoring case, and bind it to none', () => {
      const { limits, unmatched } = bind({ env: { SPRING_AI_TOOLS_LIMITS_MAX_CALLS_PER_TOOL_GETWEATHER: '3' } }, [
        'getWeather',
        'GetWeather',
      ]);

      expect(limits.maxCallsPerTool).toEqual({ GETWEATHER: 3 });
      expect(unmatched).toEqual([
        expect.objectContaining({
          origin: 'environment variable SPRING_AI_TOOLS_LIMITS_MAX_CALLS_PER_TOOL_GETWEATHER',
          ambiguousWith: ['getWeather', 'GetWeather'],
          suggestion: undefined,
          message: expect.stringContaining(
            "matches the tools 'getWeather' and 'GetWeather' when case is ignored, so it limits none of them",
          ) as unknown,
        }),
      ]);
    });

    it('should report a name that matches no tool ignoring case, with the closest one', () => {
      const { unmatched } = bind({ env: { SPRING_AI_TOOLS_LIMITS_MAX_CALLS_PER_TOOL_GETWHEATHER: '3' } });

      expect(unmatched.map((u) => [u.name, u.suggestion])).toEqual([['GETWHEATHER', 'getWeather']]);
    });
  });
});
