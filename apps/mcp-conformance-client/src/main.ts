// Entry point the conformance suite runs: `node dist/main.js <server-url>`, with the scenario in
// MCP_CONFORMANCE_SCENARIO and its data (JSON) in MCP_CONFORMANCE_CONTEXT. Exit code 0 means the
// client did its part; the suite judges the protocol from the server's side.
import { runConformanceClient } from './conformance-client';

const serverUrl = process.argv[2];
const scenario = process.env.MCP_CONFORMANCE_SCENARIO;
if (serverUrl === undefined || scenario === undefined) {
  process.stderr.write('usage: MCP_CONFORMANCE_SCENARIO=<scenario> node dist/main.js <server-url>\n');
  process.exit(2);
}
const contextText = process.env.MCP_CONFORMANCE_CONTEXT;
const context = contextText === undefined ? undefined : (JSON.parse(contextText) as Record<string, unknown>);

runConformanceClient({ serverUrl, scenario, context }).then(
  (failures) => process.exit(failures === 0 ? 0 : 1),
  (error: unknown) => {
    process.stderr.write(`mcp-conformance-client: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
