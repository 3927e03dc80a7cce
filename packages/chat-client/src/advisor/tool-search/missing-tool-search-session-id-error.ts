import { SproutError } from '@sprout-ai/core';

/**
 * A request reached the {@link ToolSearchToolCallingAdvisor} without the advisor-context value
 * that names its tool-search session.
 */
export class MissingToolSearchSessionIdError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.MissingToolSearchSessionIdError');

  /** The advisor-context key that was looked up, e.g. `chat_memory_conversation_id`. */
  readonly sessionIdKeyName: string;

  /** @param options - the key that had no usable value, and an optional cause */
  constructor(options: { sessionIdKeyName: string; cause?: unknown }) {
    super(
      `ToolSearchToolCallingAdvisor needs a session id: the advisor context must hold a non-blank string ` +
        `or a number under '${options.sessionIdKeyName}'. Set it per request with ` +
        `.advisors((a) => a.param('${options.sessionIdKeyName}', conversationId)), or choose another key ` +
        `with the builder's sessionIdKeyName(...) (property spring.ai.chat.client.tool-search-advisor.session-id-key-name).`,
      { cause: options.cause },
    );
    this.sessionIdKeyName = options.sessionIdKeyName;
  }
}
