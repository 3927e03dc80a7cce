// `node --import ./scripts/mcp-conformance-sse-polling-fix.mjs …/conformance/dist/index.js`: fixes
// the `server-sse-polling` scenario of @modelcontextprotocol/conformance 0.1.16 as it is loaded.
//
// The scenario tests SEP-1699 (protocol 2025-11-25) but its raw requests declare
// `mcp-protocol-version: 2025-03-26`; a server that, like the pinned MCP SDK, sends priming events
// only to clients of 2025-11-25 or newer then never primes the stream, and the scenario cannot pass.
// Upstream fixed it the same way (modelcontextprotocol/conformance pull request 366: the probes
// declare 2025-11-25). The fix fails loudly when it no longer applies: remove it with the upgrade.
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

const SUITE = '/@modelcontextprotocol/conformance/dist/index.js';
const OLD = '"mcp-protocol-version":`2025-03-26`';
const NEW = '"mcp-protocol-version":`2025-11-25`';

if (isMainThread) register(import.meta.url);

/** Module load hook: rewrites the two probes of the `server-sse-polling` scenario's class. */
export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  if (!url.endsWith(SUITE)) return loaded;
  const source = String(loaded.source);
  const start = source.indexOf('this.name=`server-sse-polling`');
  const end = source.indexOf('this.name=`', start + 1);
  const scenario = start === -1 || end === -1 ? '' : source.slice(start, end);
  const probes = scenario.split(OLD).length - 1;
  if (probes !== 2) {
    throw new Error(
      `scripts/mcp-conformance-sse-polling-fix.mjs: expected 2 probes declaring 2025-03-26 in server-sse-polling, found ${probes}; ` +
        'remove this fix if the suite was upgraded',
    );
  }
  return { ...loaded, source: source.slice(0, start) + scenario.replaceAll(OLD, NEW) + source.slice(end) };
}
