import { errorOf } from '@sprout-ai/test';
import { DefaultToolExecutionExceptionProcessor } from '../../tool/execution/default-tool-execution-exception-processor';
import { DelegatingToolCallbackResolver } from '../../tool/resolution/delegating-tool-callback-resolver';
import { StaticToolCallbackResolver } from '../../tool/resolution/static-tool-callback-resolver';
import { DefaultToolCallingManager } from './default-tool-calling-manager';
import { DefaultToolCallingManagerBuilder } from './default-tool-calling-manager-builder';
import type { ToolCallLimitBehavior } from './tool-call-limit-behavior';
import { UNLIMITED_TOOL_CALLS } from './tool-call-limits';
import { ConfigurationError } from '../../error/configuration-error';

describe(DefaultToolCallingManagerBuilder, () => {
  describe('.build', () => {
    describe('when nothing is configured', () => {
      it('should build Spring defaults: 40 per tool, 150 in total, THROW, fallback off, empty resolver', () => {
        const manager = DefaultToolCallingManager.builder().build();
        expect(manager.limits.maxCallsPerTool).toBe(40);
        expect(manager.limits.maxTotalToolCalls).toBe(150);
        expect(manager.limits.onLimitExceeded).toBe('THROW');
        expect(manager.resolutionFallbackEnabled).toBe(false);
        expect(manager.toolCallbackResolver).toBeInstanceOf(DelegatingToolCallbackResolver);
        expect(manager.toolCallbackResolver.resolve('anything')).toBeUndefined();
        expect(manager.toolExecutionExceptionProcessor).toBeInstanceOf(DefaultToolExecutionExceptionProcessor);
        expect((manager.toolExecutionExceptionProcessor as DefaultToolExecutionExceptionProcessor).alwaysThrow).toBe(
          false,
        );
      });
    });

    describe('when the builder changes after build()', () => {
      it('should not change the built manager', () => {
        const builder = DefaultToolCallingManager.builder().maxCallsPerTool('a', 2);
        const manager = builder.build();
        builder.excludeToolFromLimit('a').maxCallsPerTool('b', 5).unlimitedTotalToolCalls();
        expect(manager.limits.perToolOverrides).toEqual(new Map([['a', 2]]));
        expect(manager.limits.excludedTools.size).toBe(0);
        expect(manager.limits.maxTotalToolCalls).toBe(150);
      });
    });

    describe('when configured', () => {
      it('should keep the resolver, processor, fallback flag and limit settings', () => {
        const resolver = new StaticToolCallbackResolver([]);
        const processor = new DefaultToolExecutionExceptionProcessor({ alwaysThrow: true });
        const manager = DefaultToolCallingManager.builder()
          .toolCallbackResolver(resolver)
          .toolExecutionExceptionProcessor(processor)
          .resolutionFallbackEnabled(true)
          .unlimitedCallsPerTool()
          .unlimitedTotalToolCalls()
          .onLimitExceeded('RETURN_ERROR_RESPONSE')
          .build();
        expect(manager.toolCallbackResolver).toBe(resolver);
        expect(manager.toolExecutionExceptionProcessor).toBe(processor);
        expect(manager.resolutionFallbackEnabled).toBe(true);
        expect(manager.limits.maxCallsPerTool).toBe(UNLIMITED_TOOL_CALLS);
        expect(manager.limits.maxTotalToolCalls).toBe(UNLIMITED_TOOL_CALLS);
        expect(manager.limits.onLimitExceeded).toBe('RETURN_ERROR_RESPONSE');
      });
    });
  });

  describe('.maxCallsPerTool', () => {
    describe.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('when the limit is %p', (limit) => {
      it('should throw ConfigurationError naming the setting and the value', () => {
        const builder = DefaultToolCallingManager.builder();
        expect(() => builder.maxCallsPerTool(limit)).toThrow(ConfigurationError);
        expect(() => builder.maxCallsPerTool(limit)).toThrow(
          `DefaultToolCallingManager builder: maxCallsPerTool got ${String(limit)}; expected a positive integer`,
        );
        expect(() => builder.maxCallsPerTool('a', limit)).toThrow(/maxCallsPerTool\('a', …\) got .*positive integer/);
      });
    });
    describe.each(['', '   '])('when the tool name is %j', (name) => {
      it('should throw ConfigurationError asking for a non-blank name', () => {
        expect(
          errorOf(() => DefaultToolCallingManager.builder().maxCallsPerTool(name, 3), ConfigurationError),
        ).toMatchObject({
          setting: 'maxCallsPerTool',
          value: name,
          allowed: 'a non-blank tool name',
          message: `DefaultToolCallingManager builder: maxCallsPerTool got '${name}'; expected a non-blank tool name.`,
        });
      });
    });
  });

  describe('.excludeToolFromLimit', () => {
    describe('when the tool name is blank', () => {
      it('should throw ConfigurationError', () => {
        expect(() => DefaultToolCallingManager.builder().excludeToolFromLimit(' ')).toThrow(
          /excludeToolFromLimit got ' '; expected a non-blank tool name/,
        );
      });
    });
  });

  describe('.maxTotalToolCalls', () => {
    describe('when the limit is not a positive integer', () => {
      it('should throw ConfigurationError', () => {
        const run = (): unknown => DefaultToolCallingManager.builder().maxTotalToolCalls(0);
        expect(run).toThrow(ConfigurationError);
        expect(run).toThrow(/maxTotalToolCalls got 0; expected a positive integer/);
      });
    });
  });

  describe('.onLimitExceeded', () => {
    describe('when the behaviour is unknown', () => {
      it('should throw ConfigurationError listing the allowed values', () => {
        expect(() => DefaultToolCallingManager.builder().onLimitExceeded('STOP' as ToolCallLimitBehavior)).toThrow(
          "onLimitExceeded got 'STOP'; expected one of 'THROW', 'RETURN_ERROR_RESPONSE'.",
        );
      });
    });
  });

  describe('.toolCallbackResolver', () => {
    describe('when given something without resolve()', () => {
      it('should throw ConfigurationError', () => {
        expect(() => DefaultToolCallingManager.builder().toolCallbackResolver(undefined as never)).toThrow(
          ConfigurationError,
        );
      });
    });
  });
});
