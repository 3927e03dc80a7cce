import type { ToolDefinition } from '@sprout-ai/core';
import { CATALOGUE_DOMAINS, type CatalogueEntity } from './catalogue-domains';

/** A common action every record kind has: how its name, description and parameters are made. */
interface CommonAction {
  /** Name template; `{E}` is the kind in PascalCase, `{Es}` its plural. */
  readonly name: string;
  readonly en: (entity: CatalogueEntity, plural: string) => string;
  readonly zh: (entity: CatalogueEntity) => string;
  readonly parameters: (entity: CatalogueEntity) => Record<string, Parameter>;
}

interface Parameter {
  readonly type: string;
  readonly description: string;
  readonly enum?: readonly string[];
}

const idOf = (entity: CatalogueEntity): Record<string, Parameter> => ({
  [`${entity.key}Id`]: { type: 'string', description: `Id of the ${entity.en}` },
});

const fieldsOf = (entity: CatalogueEntity): Record<string, Parameter> =>
  Object.fromEntries(
    entity.fields.map((field) => {
      const [name, description] = field.split(':');
      return [name, { type: 'string', description }];
    }),
  );

const COMMON_ACTIONS: readonly CommonAction[] = [
  {
    name: 'list{Es}',
    en: (_e, plural) => `List ${plural} page by page, newest first.`,
    zh: (e) => `分页列出${e.zh}。`,
    parameters: () => ({
      pageSize: { type: 'integer', description: 'How many per page, 1 to 100' },
      pageToken: { type: 'string', description: 'Token of the next page from the previous call' },
    }),
  },
  {
    name: 'get{E}',
    en: (e) => `Get one ${e.en} by its id, with all its details.`,
    zh: (e) => `按 ID 查看${e.zh}详情。`,
    parameters: idOf,
  },
  {
    name: 'create{E}',
    en: (e) => `Create a new ${e.en}.`,
    zh: (e) => `新建${e.zh}。`,
    parameters: fieldsOf,
  },
  {
    name: 'update{E}',
    en: (e) => `Update (edit) fields of an existing ${e.en}.`,
    zh: (e) => `修改${e.zh}。`,
    parameters: (e) => ({ ...idOf(e), ...fieldsOf(e) }),
  },
  {
    name: 'delete{E}',
    en: (e) => `Delete ${a(e.en)} permanently.`,
    zh: (e) => `删除${e.zh}。`,
    parameters: idOf,
  },
  {
    name: 'search{Es}',
    en: (_e, plural) => `Search ${plural} by keywords.`,
    zh: (e) => `按关键词搜索${e.zh}。`,
    parameters: () => ({
      query: { type: 'string', description: 'Words to look for' },
      limit: { type: 'integer', description: 'Most results to return' },
    }),
  },
  {
    name: 'export{Es}',
    en: (_e, plural) => `Export ${plural} to a CSV or PDF file for download.`,
    zh: (e) => `把${e.zh}导出为 CSV 或 PDF 文件。`,
    parameters: () => ({
      format: { type: 'string', description: 'File format', enum: ['csv', 'pdf'] },
      from: { type: 'string', description: 'First date to include, YYYY-MM-DD' },
      to: { type: 'string', description: 'Last date to include, YYYY-MM-DD' },
    }),
  },
  {
    name: 'archive{E}',
    en: (e) => `Archive ${a(e.en)}: hidden from lists but kept.`,
    zh: (e) => `归档${e.zh}。`,
    parameters: idOf,
  },
];

const IRREGULAR_PLURALS: Readonly<Record<string, string>> = { quiz: 'quizzes', property: 'properties' };

/** `calendar event` → `calendar events`, `property` → `properties`. */
function plural(words: string): string {
  const last = words.split(' ').at(-1) ?? words;
  const head = words.slice(0, words.length - last.length);
  if (IRREGULAR_PLURALS[last] !== undefined) return head + IRREGULAR_PLURALS[last];
  if (/[^aeiou]y$/.test(last)) return `${head}${last.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/.test(last)) return `${head}${last}es`;
  return `${head}${last}s`;
}

/** `a` or `an` before a word. */
const a = (words: string) => (/^[aeiou]/i.test(words) ? `an ${words}` : `a ${words}`);
const pascal = (key: string) => key[0].toUpperCase() + key.slice(1);
const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

function schema(parameters: Record<string, Parameter>, required: readonly string[]): string {
  return JSON.stringify({ type: 'object', properties: parameters, required, additionalProperties: false });
}

/**
 * The P5 catalogue: for each of the 100 record kinds of {@link CATALOGUE_DOMAINS}, 8 common actions
 * (list, get, create, update, delete, search, export, archive) and its 2 own actions — 1,000 tool
 * definitions with bilingual descriptions (English, then Chinese) and JSON Schema parameters. The
 * same every time (no randomness): the queries in `p5-queries.json` are written against it.
 *
 * @returns the definitions, domain by domain
 */
export function generateToolCatalogue(): ToolDefinition[] {
  const tools: ToolDefinition[] = [];
  for (const domain of CATALOGUE_DOMAINS) {
    const style = (name: string) => (domain.snake === true ? snake(name) : name);
    for (const entity of domain.entities) {
      const E = pascal(entity.key);
      const Es = pascal(
        plural(entity.key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()).replace(/ (\w)/g, (_m, c: string) =>
          c.toUpperCase(),
        ),
      );
      const about = `${pascal(a(entity.en))} is ${entity.glossEn}.`;
      const aboutZh = `${entity.zh}：${entity.glossZh}。`;
      for (const action of COMMON_ACTIONS) {
        const parameters = action.parameters(entity);
        tools.push({
          name: style(action.name.replace('{Es}', Es).replace('{E}', E)),
          description: `${action.en(entity, plural(entity.en))} ${about} ${action.zh(entity)}${aboutZh}`,
          inputSchema: schema(
            parameters,
            Object.keys(parameters).filter((p) => p.endsWith('Id') || p === 'query'),
          ),
        });
      }
      for (const spec of entity.actions) {
        const [name, en, zh] = spec.split('|');
        const parameters = {
          ...idOf(entity),
          note: { type: 'string', description: 'Anything else the action needs, in words' },
        };
        tools.push({
          name: style(name.replace('{E}', E)),
          description: `${en}. ${about} ${zh}。${aboutZh}`,
          inputSchema: schema(parameters, Object.keys(idOf(entity))),
        });
      }
    }
  }
  return tools;
}
