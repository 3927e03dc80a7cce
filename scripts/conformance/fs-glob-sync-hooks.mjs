// Module hooks registered by node20-fs-glob-sync.mjs: 'fs' resolves to fs-with-glob-sync.mjs.
import { URL } from 'node:url';
const SHIM = new URL('./fs-with-glob-sync.mjs', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if ((specifier === 'fs' || specifier === 'node:fs') && context.parentURL !== SHIM) {
    return { url: SHIM, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
