import { HIGHEST_PRECEDENCE } from './ordered';

/**
 * Something that takes part in the ChatClient's advisor chain. Concrete advisors implement
 * {@link CallAdvisor} (and, later, `StreamAdvisor`).
 *
 * @see Spring AI `Advisor`
 */
export interface Advisor {
  /** A name for logs and error messages, e.g. `Tool Calling Advisor`. */
  readonly name: string;
  /** Position in the chain: lower runs earlier on the way in (see {@link Ordered}). */
  readonly order: number;
}

/**
 * Default order of chat-memory advisors: `HIGHEST_PRECEDENCE + 200`, i.e. outside the tool loop
 * (`ToolCallingAdvisor.DEFAULT_ORDER` is `HIGHEST_PRECEDENCE + 300`).
 *
 * @see Spring AI `Advisor.DEFAULT_CHAT_MEMORY_PRECEDENCE_ORDER`
 */
export const DEFAULT_CHAT_MEMORY_PRECEDENCE_ORDER = HIGHEST_PRECEDENCE + 200;
