import { ConfigurationError } from '../../error/configuration-error';
import type { ToolMetadata } from './tool-metadata';

/**
 * Checks the execution rules of a tool (`concurrency`, `timeoutMs`, `maxResultChars`, `approval`) where they
 * are declared, so a typo fails at start-up instead of being ignored in a round.
 *
 * @param rules - the rules as declared, e.g. the options of `@Tool`
 * @param where - names the declaration in the message, e.g. `@Tool on OrderTools.getOrderStatus`
 * @throws ConfigurationError naming the setting, the value and what is allowed
 */
export function checkToolExecutionRules(rules: Omit<ToolMetadata, 'returnDirect'>, where: string): void {
  const { concurrency, timeoutMs, maxResultChars, approval } = rules;
  if (approval !== undefined && approval !== 'required' && approval !== 'none') {
    throw invalid(where, 'approval', approval, "'required' or 'none'");
  }
  if (concurrency !== undefined && concurrency !== 'parallel' && concurrency !== 'exclusive') {
    throw invalid(where, 'concurrency', concurrency, "'parallel' or 'exclusive'");
  }
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0)) {
    throw invalid(where, 'timeoutMs', timeoutMs, 'a positive integer (milliseconds)');
  }
  if (
    maxResultChars !== undefined &&
    !(Number.isInteger(maxResultChars) && (maxResultChars > 0 || maxResultChars === -1))
  ) {
    throw invalid(where, 'maxResultChars', maxResultChars, 'a positive integer, or -1 for no cap');
  }
}

function invalid(where: string, setting: string, value: unknown, allowed: string): ConfigurationError {
  const shown = typeof value === 'string' ? `'${value}'` : String(value);
  return new ConfigurationError({
    setting,
    value,
    allowed,
    message: `${where}: ${setting} got ${shown}; expected ${allowed}.`,
  });
}
