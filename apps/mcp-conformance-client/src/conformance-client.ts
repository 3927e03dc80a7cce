import { McpTokens, SproutApplication } from '@sprout-ai/boot';
import { conformanceClientModule } from './conformance-client-module';
import { sampleArguments } from './sample-arguments';

/** What the conformance runner hands the client. */
export interface ConformanceRun {
  /** The test server's URL (the runner appends it to the command line). */
  readonly serverUrl: string;
  /** `MCP_CONFORMANCE_SCENARIO`, e.g. `initialize` or `auth/metadata-default`. */
  readonly scenario: string;
  /** `MCP_CONFORMANCE_CONTEXT`, parsed: scenario data such as pre-registered client credentials. */
  readonly context?: Readonly<Record<string, unknown>>;
  /** Where progress is written (stdout/stderr go to the runner's result files). */
  readonly log?: (line: string) => void;
}

/** The connection name the test server is configured under. */
export const CONNECTION = 'conformance';

/** The client ID metadata document URL the suite's CIMD scenario expects. */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

/**
 * The properties a user would write to reach the test server:
 * `spring.ai.mcp.client.streamable-http.connections.conformance.url=<server-url>`, and for the
 * `auth/*` scenarios the connection's OAuth settings: a redirect URI and a client ID metadata
 * document URL, the pre-registered client of the scenario's context, the client_credentials grant,
 * or cross-app access (the jwt-bearer grant with the context's identity provider).
 *
 * @param run - the server URL, scenario and context
 */
export function conformanceProperties(run: ConformanceRun): Record<string, string> {
  const connection = `spring.ai.mcp.client.streamable-http.connections.${CONNECTION}`;
  const url = new URL(run.serverUrl);
  return {
    [`${connection}.url`]: run.serverUrl,
    // The suite's servers answer on whatever path they are given, often `/`.
    ...(url.pathname === '/' ? { [`${connection}.endpoint`]: '/' } : {}),
    'spring.ai.mcp.client.request-timeout': '10s',
    'sprout.mcp.client.initialization-timeout': '10s',
    ...(run.scenario.startsWith('auth/') ? oauthProperties(run) : {}),
  };
}

function oauthProperties(run: ConformanceRun): Record<string, string> {
  const oauth = `sprout.mcp.client.streamable-http.connections.${CONNECTION}.oauth`;
  const context = run.context ?? {};
  const clientId = typeof context.client_id === 'string' ? context.client_id : undefined;
  const clientSecret = typeof context.client_secret === 'string' ? context.client_secret : undefined;
  const client = {
    ...(clientId === undefined ? {} : { [`${oauth}.client-id`]: clientId }),
    ...(clientSecret === undefined ? {} : { [`${oauth}.client-secret`]: clientSecret }),
  };
  if (run.scenario.startsWith('auth/cross-app-access')) {
    const idpTokenUri = typeof context.idp_token_endpoint === 'string' ? context.idp_token_endpoint : undefined;
    const idpClientId = typeof context.idp_client_id === 'string' ? context.idp_client_id : undefined;
    return {
      [`${oauth}.authorization-grant-type`]: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      ...client,
      ...(idpTokenUri === undefined ? {} : { [`${oauth}.identity-provider.token-uri`]: idpTokenUri }),
      ...(idpClientId === undefined ? {} : { [`${oauth}.identity-provider.client-id`]: idpClientId }),
    };
  }
  if (run.scenario.startsWith('auth/client-credentials')) {
    const privateKey = typeof context.private_key_pem === 'string' ? context.private_key_pem : undefined;
    const algorithm = typeof context.signing_algorithm === 'string' ? context.signing_algorithm : 'ES256';
    return {
      [`${oauth}.authorization-grant-type`]: 'client_credentials',
      ...client,
      ...(privateKey === undefined
        ? {}
        : { [`${oauth}.private-key`]: privateKey, [`${oauth}.signing-algorithm`]: algorithm }),
    };
  }
  return {
    [`${oauth}.redirect-uri`]: 'http://localhost:3000/callback',
    [`${oauth}.client-metadata-url`]: CLIENT_METADATA_URL,
    ...client,
  };
}

/**
 * Runs Sprout's MCP client against one scenario's test server, as an application would: a
 * `SproutApplication` configured by properties connects and lists the tools at start-up; then each
 * tool is called once, with arguments a model could have sent (see {@link sampleArguments}).
 *
 * @param run - the server URL, scenario and context
 * @returns the number of tool calls that failed
 * @throws what start-up throws (e.g. `McpConnectionError`)
 */
export async function runConformanceClient(run: ConformanceRun): Promise<number> {
  const log = run.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const app = await SproutApplication.run({
    propertiesFile: false,
    env: {},
    properties: conformanceProperties(run),
    modules: [conformanceClientModule(run.context)],
  });
  let failures = 0;
  try {
    const provider = app.get(McpTokens.McpToolCallbackProvider);
    for (const callback of provider.getToolCallbacks()) {
      const { name, inputSchema } = callback.toolDefinition;
      try {
        const result = await callback.call(sampleArguments(inputSchema));
        log(`tool ${name}: ${result.slice(0, 200)}`);
      } catch (error) {
        failures++;
        log(`tool ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } finally {
    await app.close();
  }
  return failures;
}
