// Preload for the MCP conformance suite on Node 20 (`node --import ./node20-fs-glob-sync.mjs …`):
// the suite imports `globSync` from 'fs', which Node adds in 22. Only its `tier-check` command calls
// it, so a stub that throws is enough; on Node 22+ the real function is used.
import { register } from 'node:module';
import fs from 'node:fs';

if (typeof fs.globSync !== 'function') register('./fs-glob-sync-hooks.mjs', import.meta.url);
