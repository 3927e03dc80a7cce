/**
 * Advisor parameter that switches off the automatic `ToolCallingAdvisor`: only the boolean
 * `false` does (a string `'false'` does not). Set it with
 * `AdvisorParams.toolCallingAdvisorAutoRegister(false)`.
 */
export const TOOL_CALLING_ADVISOR_AUTO_REGISTER = 'spring.ai.chat.client.tool.calling.advisor.auto-register';

/**
 * Well-known keys of the request context (advisor parameters).
 *
 * @see Spring AI `ChatClientAttributes`
 */
export const ChatClientAttributes = Object.freeze({
  /** `spring.ai.chat.client.tool.calling.advisor.auto-register`, see {@link TOOL_CALLING_ADVISOR_AUTO_REGISTER}. */
  TOOL_CALLING_ADVISOR_AUTO_REGISTER,
});
