import { registerOtelSdk } from './otel-sdk';
import { createSproutLoop } from './sprout-loop';
import type { LoopContender, ToolLoopScenario } from './tool-loop-scenario';

/**
 * Sprout with the OpenTelemetry SDK registered (see {@link registerOtelSdk}): every span sampled.
 * Issue 19's target: at most 1.5× Sprout without a provider.
 */
export function createSproutOtelLoop(scenario: ToolLoopScenario): LoopContender {
  registerOtelSdk();
  return { ...createSproutLoop(scenario), id: 'sprout-otel', label: 'Sprout + OTel SDK (sampling on)' };
}
