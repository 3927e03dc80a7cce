import type { ToolDefinition } from '../definition/tool-definition';

/**
 * What an argument consumer receives for one tool call: the augmented arguments the model sent
 * with it, before the tool runs.
 *
 * @typeParam T - the argument type, e.g. `AgentThinking`
 * @see Spring AI `AugmentedArgumentEvent`
 */
export interface AugmentedArgumentEvent<T> {
  /** The tool as the model saw it: its name, description and augmented input schema. */
  readonly toolDefinition: ToolDefinition;
  /**
   * All the call's arguments as JSON object text, the augmented ones included, after the loop's
   * repairs, e.g. `{"orderId":"A123","innerThought":"The user asks about A123"}`.
   */
  readonly rawInput: string;
  /**
   * The augmented arguments as an instance of the argument type (class-transformer; `Date`
   * properties are `Date`s), checked against its schema and class-validator rules. A property the
   * model left out is `undefined`.
   */
  readonly arguments: T;
}
