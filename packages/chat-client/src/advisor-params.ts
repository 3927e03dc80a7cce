import type { AdvisorSpecConsumer } from './advisor-spec';
import { STRUCTURED_OUTPUT_NATIVE, TOOL_CALLING_ADVISOR_AUTO_REGISTER } from './chat-client-attributes';

/**
 * Ready-made advisor-spec callbacks for well-known advisor parameters.
 *
 * @example
 * ```ts
 * // Tool calls come back in the response instead of being executed:
 * const response = await chatClient.prompt('Where is A123?')
 *   .advisors(AdvisorParams.toolCallingAdvisorAutoRegister(false))
 *   .call()
 *   .chatResponse();
 * ```
 * @see Spring AI `AdvisorParams`
 */
export const AdvisorParams = Object.freeze({
  /**
   * Sets {@link TOOL_CALLING_ADVISOR_AUTO_REGISTER}. With `false` the ChatClient adds no
   * `ToolCallingAdvisor`: tools are still sent to the model, but its tool calls are returned to
   * the caller, not executed.
   *
   * @param enabled - `false` to switch auto-registration off for the request (or client, as a default)
   * @returns a callback for `.advisors(...)` / `.defaultAdvisors(...)`
   */
  toolCallingAdvisorAutoRegister(enabled: boolean): AdvisorSpecConsumer {
    return (spec) => spec.param(TOOL_CALLING_ADVISOR_AUTO_REGISTER, enabled);
  },

  /**
   * Sets {@link STRUCTURED_OUTPUT_NATIVE}: whether `.entity()` sends the output schema to the
   * provider (`true`) or appends format instructions to the prompt (`false`).
   *
   * @param enabled - e.g. `false` for an OpenAI-compatible server without `response_format: json_schema`
   * @returns a callback for `.advisors(...)` / `.defaultAdvisors(...)`
   * @see Spring AI `AdvisorParams.ENABLE_NATIVE_STRUCTURED_OUTPUT`
   */
  nativeStructuredOutput(enabled: boolean): AdvisorSpecConsumer {
    return (spec) => spec.param(STRUCTURED_OUTPUT_NATIVE, enabled);
  },
});
