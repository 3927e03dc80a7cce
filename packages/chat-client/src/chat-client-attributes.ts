/**
 * Advisor parameter that switches off the automatic `ToolCallingAdvisor`: only the boolean
 * `false` does (a string `'false'` does not). Set it with
 * `AdvisorParams.toolCallingAdvisorAutoRegister(false)`.
 */
export const TOOL_CALLING_ADVISOR_AUTO_REGISTER = 'spring.ai.chat.client.tool.calling.advisor.auto-register';

/** Context key of the format instructions `.entity()` asks the model advisor to append. */
export const OUTPUT_FORMAT = 'spring.ai.chat.client.output.format';
/** Context key of the output JSON Schema text `.entity()` asks the model advisor to send natively. */
export const STRUCTURED_OUTPUT_SCHEMA = 'spring.ai.chat.client.structured.output.schema';
/**
 * Advisor parameter: `true` sends the output schema natively even when the model does not say it
 * can, `false` uses format instructions even when it can; unset follows `ChatModel.nativeStructuredOutput`.
 */
export const STRUCTURED_OUTPUT_NATIVE = 'spring.ai.chat.client.structured.output.native';

/**
 * Well-known keys of the request context (advisor parameters).
 *
 * @see Spring AI `ChatClientAttributes`
 */
export const ChatClientAttributes = Object.freeze({
  /** `spring.ai.chat.client.tool.calling.advisor.auto-register`, see {@link TOOL_CALLING_ADVISOR_AUTO_REGISTER}. */
  TOOL_CALLING_ADVISOR_AUTO_REGISTER,
  /** `spring.ai.chat.client.output.format`, see {@link OUTPUT_FORMAT}. */
  OUTPUT_FORMAT,
  /** `spring.ai.chat.client.structured.output.schema`, see {@link STRUCTURED_OUTPUT_SCHEMA}. */
  STRUCTURED_OUTPUT_SCHEMA,
  /** `spring.ai.chat.client.structured.output.native`, see {@link STRUCTURED_OUTPUT_NATIVE}. */
  STRUCTURED_OUTPUT_NATIVE,
});
