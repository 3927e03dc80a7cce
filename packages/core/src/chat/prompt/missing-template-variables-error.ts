import { SproutError } from '../../error/sprout-error';

/**
 * A prompt template names variables that were not given, e.g. `Where is {orderId}?` rendered
 * without `orderId`. Nothing was sent.
 *
 * @see Spring AI `StTemplateRenderer` (its `IllegalStateException` "Not all variables were replaced")
 */
export class MissingTemplateVariablesError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.MissingTemplateVariablesError');

  /** The variables the template names and nobody gave, in order of appearance, e.g. `['orderId']`. */
  readonly missing: readonly string[];
  /** The template, as written. */
  readonly template: string;

  /**
   * @param options - the missing names, the template, and a cause when there is one
   */
  constructor(options: { missing: readonly string[]; template: string; cause?: unknown }) {
    const names = options.missing.join(', ');
    const snippet = options.template.length > 120 ? `${options.template.slice(0, 117)}...` : options.template;
    super(
      `The prompt template '${snippet}' names ${options.missing.length === 1 ? 'a variable' : 'variables'} ` +
        `that ${options.missing.length === 1 ? 'was' : 'were'} not given: ${names}. Give ` +
        `${options.missing.length === 1 ? 'it' : 'each'} with .param('${options.missing[0]}', value) ` +
        '(or .params({...})), or remove the placeholder.',
      { cause: options.cause },
    );
    this.missing = options.missing;
    this.template = options.template;
  }
}
