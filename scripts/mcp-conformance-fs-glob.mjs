// Preload (`node --import ./scripts/mcp-conformance-fs-glob.mjs`) for @modelcontextprotocol/conformance
// on Node 20: the suite imports `globSync` from 'fs', which Node 20 lacks (only its `tier-check`
// command calls it). A resolve hook hands the suite a copy of 'fs' with a `globSync` that says so.
import { register } from 'node:module';

const SHIM = `
import fs from 'node:fs';
export * from 'node:fs';
export default fs;
export const globSync =
  fs.globSync ??
  (() => {
    throw new Error('fs.globSync needs Node 22 (only the conformance tier-check command uses it)');
  });
`;

const hooks = `
export async function resolve(specifier, context, next) {
  if ((specifier === 'fs' || specifier === 'node:fs') && context.parentURL?.includes('/@modelcontextprotocol/conformance/')) {
    return { url: 'data:text/javascript,' + encodeURIComponent(${JSON.stringify(SHIM)}), shortCircuit: true };
  }
  return next(specifier, context);
}
`;

register(`data:text/javascript,${encodeURIComponent(hooks)}`);
