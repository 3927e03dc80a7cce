/**
 * A tool-name glob (`*` any run of characters, `?` one character; everything else literal) as a
 * regular expression matching whole names.
 *
 * @param pattern - e.g. `cancel*`, `mcp_*_delete`
 */
export function toolNamePattern(pattern: string): RegExp {
  const body = pattern
    .split('')
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`, 'su');
}
