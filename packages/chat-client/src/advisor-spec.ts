import type { Advisor } from './advisor/api/advisor';

/**
 * What an `.advisors((spec) => …)` callback receives: it adds advisor parameters (copied into the
 * request context) and advisors.
 *
 * @example
 * ```ts
 * chatClient.prompt('hi').advisors((spec) => spec.param('chat_memory_conversation_id', 'c-1').advisors(memory));
 * ```
 * @see Spring AI `ChatClient.AdvisorSpec`
 */
export interface AdvisorSpec {
  /**
   * @param key - a non-blank parameter name
   * @param value - any value except `null`/`undefined`
   * @throws ConfigurationError on a blank key or a missing value
   */
  param(key: string, value: unknown): AdvisorSpec;
  /** Adds every entry of `params` (same rules as {@link AdvisorSpec.param}). */
  params(params: Readonly<Record<string, unknown>>): AdvisorSpec;
  /**
   * @throws ConfigurationError when an advisor is `null`/`undefined`
   */
  advisors(...advisors: Advisor[]): AdvisorSpec;
}

/** A callback that configures an {@link AdvisorSpec}, e.g. `AdvisorParams.toolCallingAdvisorAutoRegister(false)`. */
export type AdvisorSpecConsumer = (spec: AdvisorSpec) => unknown;
