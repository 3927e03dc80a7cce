import type { PreparedToolArguments } from './prepared-tool-arguments';
import { repairToolArguments } from './repair-tool-arguments';

const NO_POINTERS: ReadonlySet<string> = new Set();
const NO_VIOLATIONS: readonly string[] = Object.freeze([]);

/**
 * The schema-free part of preparing a tool call's arguments: blank means `{}`, then the repairs of
 * {@link repairToolArguments} and one parse. `ToolArgumentsParser.prepare` adds coercion and
 * validation against the tool's schema.
 *
 * @param raw - the arguments as the model sent them, e.g. `{"orderId":"A123"}`, `''` or an object
 * @returns the prepared arguments, `validated: false`; never throws
 */
export function prepareToolArguments(raw: unknown): PreparedToolArguments {
  const repaired = repairToolArguments(raw);
  if (!repaired.ok) {
    return {
      raw,
      text: typeof raw === 'string' ? raw : textOf(raw),
      value: undefined,
      repairs: repaired.repairs,
      problem: repaired.problem,
      ...(repaired.cause === undefined ? {} : { problemCause: repaired.cause }),
      violations: NO_VIOLATIONS,
      violationPointers: NO_POINTERS,
      validated: false,
    };
  }
  return {
    raw,
    text: repaired.text,
    value: repaired.value,
    repairs: repaired.repairs,
    violations: NO_VIOLATIONS,
    violationPointers: NO_POINTERS,
    validated: false,
  };
}

/** The arguments as text for the record; a value too deep to serialize is not kept. */
function textOf(raw: unknown): string {
  try {
    return JSON.stringify(raw) ?? '';
  } catch {
    return '';
  }
}
