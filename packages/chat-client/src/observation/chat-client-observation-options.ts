/**
 * What the chat spans record beyond the conventions' required attributes. Both off by default:
 * prompts and completions may hold personal data. Recorded text has its credentials masked as in
 * log lines.
 *
 * @see Spring AI `ChatObservationProperties` (`spring.ai.chat.observations.log-prompt` /
 * `log-completion`)
 * @remarks Spring writes prompts and completions to the log; Sprout records them on the
 * `chat {model}` span as the GenAI conventions' `gen_ai.input.messages` / `gen_ai.output.messages`.
 */
export interface ChatClientObservationOptions {
  /** Record the messages sent to the model (`gen_ai.input.messages`). @defaultValue false */
  readonly logPrompt?: boolean;
  /** Record the model's answer (`gen_ai.output.messages`). @defaultValue false */
  readonly logCompletion?: boolean;
  /** `gen_ai.agent.name` of the request span (`invoke_agent {name}`). @defaultValue none */
  readonly agentName?: string;
}
