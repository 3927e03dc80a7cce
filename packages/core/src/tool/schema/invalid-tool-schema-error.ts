import { SproutError } from '../../error/sprout-error';

/**
 * A tool's input schema is not a usable JSON Schema object: blank, not JSON, not an object, or
 * rejected by the schema validator. Thrown when the tool is registered or first sent to a model.
 * The message names the tool; fix its schema, or regenerate the tool schema manifest.
 *
 * @remarks Spring AI generates schemas by reflection and does not check them; a bad schema fails at
 * the provider instead.
 */
export class InvalidToolSchemaError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.InvalidToolSchemaError');

  /** The tool whose schema is not usable. */
  readonly toolName: string;

  /**
   * @param message - what is wrong with the schema and how to fix it
   * @param options - the tool and, when there is one, the parser's or validator's error
   */
  constructor(message: string, options: { toolName: string; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.toolName = options.toolName;
  }
}
