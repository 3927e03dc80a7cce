import { MissingTemplateVariablesError } from './missing-template-variables-error';

/** `{name}` or `{order.id}`: an identifier, or a path of them. Other braces are text. */
const PLACEHOLDER = /\{([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\}/g;

/**
 * A text with `{name}` placeholders, rendered with variables: Spring's `{}` syntax.
 * `{order.id}` reads a property of a variable. A string value is inserted as is, a number or
 * boolean as its text, a `Date` as ISO 8601, anything else as JSON.
 *
 * @example `new PromptTemplate('Where is {orderId}?').render({ orderId: 'A123' })` → `'Where is A123?'`
 * @see Spring AI `PromptTemplate`, `StTemplateRenderer`
 * @remarks Only `{identifier}` and `{a.b}` are placeholders; other braces (JSON in a prompt) stay
 * as written, where StringTemplate would fail on them. No StringTemplate expressions (conditions,
 * loops, formats).
 */
export class PromptTemplate {
  /**
   * @param template - the text, e.g. `Where is {orderId}?`
   */
  constructor(readonly template: string) {}

  /** The variables the template names (paths by their first name), in order, without repeats. */
  variableNames(): string[] {
    return [...new Set([...this.template.matchAll(PLACEHOLDER)].map(([, path]) => path.split('.')[0]))];
  }

  /**
   * The text with each placeholder replaced by its variable's value.
   *
   * @param variables - values by name, e.g. `{ orderId: 'A123' }`; extra names are ignored
   * @throws MissingTemplateVariablesError when a placeholder's variable (or property) is not given
   *   or is `null`/`undefined`; it names every missing one
   */
  render(variables: Readonly<Record<string, unknown>> = {}): string {
    const missing: string[] = [];
    const text = this.template.replace(PLACEHOLDER, (placeholder, path: string) => {
      const value = lookUp(variables, path);
      if (value === undefined || value === null) {
        if (!missing.includes(path)) missing.push(path);
        return placeholder;
      }
      return asText(value);
    });
    if (missing.length > 0) throw new MissingTemplateVariablesError({ missing, template: this.template });
    return text;
  }
}

function lookUp(variables: Readonly<Record<string, unknown>>, path: string): unknown {
  let value: unknown = variables;
  for (const name of path.split('.')) {
    if (typeof value !== 'object' || value === null || !(name in value)) return undefined;
    value = (value as Record<string, unknown>)[name];
    // A getter of a class is a value; a method (`constructor`, `toString` …) is not.
    if (typeof value === 'function') return undefined;
  }
  return value;
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value) ?? String(value);
}
