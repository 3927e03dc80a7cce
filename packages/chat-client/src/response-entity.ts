import type { ChatResponse } from '@sprout-ai/core';

/**
 * The model's response and the typed value made from its answer, from `.call().responseEntity(Type)`.
 *
 * @see Spring AI `ResponseEntity`
 */
export interface ResponseEntity<T> {
  /** The model's response (usage summed over tool rounds and validation attempts). */
  readonly response: ChatResponse | undefined;
  /** The answer as a `T` (a class instance for a class). */
  readonly entity: T;
}
