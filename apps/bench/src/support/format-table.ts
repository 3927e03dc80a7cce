import type { ResultTable } from '../bench-case';

/**
 * Renders a table as plain padded text: a title line, a header, a rule, one line per row,
 * then the notes. Numbers are right-aligned, text left-aligned.
 *
 * @param table - the table to render
 * @returns the lines joined with `\n`, no trailing newline
 */
export function formatTable(table: ResultTable): string {
  const cells = table.rows.map((row) => table.columns.map((column) => row[column] ?? ''));
  const widths = table.columns.map((column, i) =>
    Math.max(column.length, ...cells.map((row) => String(row[i]).length)),
  );
  const numeric = table.columns.map((_, i) => cells.length > 0 && cells.every((row) => isNumberLike(row[i])));
  const line = (values: readonly (string | number)[]): string =>
    values
      .map((value, i) => (numeric[i] ? String(value).padStart(widths[i]) : String(value).padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [
    table.title,
    line(table.columns),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...cells.map(line),
    ...(table.notes ?? []).map((note) => `  ${note}`),
  ].join('\n');
}

/**
 * Renders a table as a GitHub Markdown table (for the README).
 *
 * @param table - the table to render
 */
export function formatMarkdownTable(table: ResultTable): string {
  const escape = (value: string | number): string => String(value).replace(/\|/g, '\\|');
  return [
    `**${table.title}**`,
    '',
    `| ${table.columns.map(escape).join(' | ')} |`,
    `|${table.columns.map(() => '---').join('|')}|`,
    ...table.rows.map((row) => `| ${table.columns.map((column) => escape(row[column] ?? '')).join(' | ')} |`),
    ...(table.notes && table.notes.length > 0 ? ['', ...table.notes.map((note) => `- ${note}`)] : []),
  ].join('\n');
}

function isNumberLike(value: string | number): boolean {
  return typeof value === 'number' || /^[\d.,×%\s[\]–-]+$/.test(value);
}
