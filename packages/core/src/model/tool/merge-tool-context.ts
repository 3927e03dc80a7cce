/**
 * Combines default and runtime tool context; on the same key the runtime value wins.
 *
 * @param runtime - context given for this call, e.g. `{ userId: 'u-7' }`
 * @param defaults - context configured as defaults
 * @returns a new object with the entries of both
 * @see Spring AI `ToolCallingChatOptions.mergeToolContext`
 */
export function mergeToolContext(
  runtime: Readonly<Record<string, unknown>> | undefined,
  defaults: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> {
  // Not `{ ...defaults, ...runtime }`: two spreads into one literal take V8's slow path.
  return Object.assign({}, defaults, runtime);
}
