import { addPromptParams, type PromptTextParts, setPromptText } from './prompt-text-parts';

/**
 * The system part of a request, given to the callback of `.system(s => …)` and `defaultSystem(s => …)`:
 * its text, a prompt template in Spring's `{name}` syntax, and the template's parameters.
 *
 * @example
 * ```ts
 * chatClient.prompt('Where is A123?').system((s) => s.text('You serve customer {customerId}.').param('customerId', 'c-42'));
 * ```
 * @see Spring AI `ChatClient.PromptSystemSpec`
 * @remarks The text is rendered (see `PromptTemplate`) when the request is sent, and only when
 * it has parameters (from the request or the client's defaults), as in Spring; without any it is
 * sent as written.
 */
export class PromptSystemSpec {
  /**
   * Use `.system(s => …)` instead.
   *
   * @param parts - where the text and parameters are collected (internal)
   */
  constructor(private readonly parts: PromptTextParts) {}

  /**
   * Sets the text (a template when parameters are given).
   *
   * @throws ConfigurationError when `text` is blank
   */
  text(text: string): this {
    setPromptText(this.parts, text, 'system text');
    return this;
  }

  /**
   * Sets one template parameter: `{name}` in the text becomes `value`.
   *
   * @throws ConfigurationError when `name` is blank or `value` is `null`/`undefined`
   */
  param(name: string, value: unknown): this {
    addPromptParams(this.parts, { [name]: value }, 'system param');
    return this;
  }

  /**
   * Sets several template parameters.
   *
   * @throws ConfigurationError when a name is blank or a value is `null`/`undefined`
   */
  params(params: Readonly<Record<string, unknown>>): this {
    addPromptParams(this.parts, params, 'system params');
    return this;
  }
}
