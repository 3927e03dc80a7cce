import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';

/** A handed case from `/work/shared/cases/mcp`, copied into `__fixtures__/cases`. */
export interface McpCase {
  readonly case: string;
  readonly expected: string;
  readonly tools_list?: McpTool[];
  readonly request?: Record<string, unknown>;
}

/** Reads `__fixtures__/cases/<stem>.json`. */
export function loadCase(stem: string): McpCase {
  return JSON.parse(readFileSync(join(__dirname, 'cases', `${stem}.json`), 'utf8')) as McpCase;
}
