/**
 * Splits a camel-case name into lower-case words joined by spaces, e.g. `getCurrentWeather` →
 * `get current weather`, `toolA` → `tool a`, `XMLParser` → `xml parser`. Underscores are kept.
 *
 * @see Spring AI `ParsingUtils.reConcatenateCamelCase`
 */
export function splitCamelCase(name: string): string {
  return name
    .split(/(?<!^)(?<![A-Z])(?=[A-Z])|(?<!^)(?=[A-Z][a-z])/)
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase())
    .join(' ');
}
