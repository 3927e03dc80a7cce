import {
  DEFAULT_MCP_ENDPOINT,
  DEFAULT_MCP_EVENT_STORE_MAX_EVENTS,
  DEFAULT_MCP_EVENT_STORE_TIME_TO_LIVE_MS,
  DEFAULT_MCP_RETRY_INTERVAL_MS,
  DEFAULT_MCP_SERVER_INFO,
} from '@sprout-ai/mcp';
import { InvalidPropertyError } from './invalid-property-error';
import type { SproutProperties } from './sprout-properties';

/**
 * Keys of the `spring.ai.mcp.server.*` group (plus Spring Boot's `server.port` / `server.address`, and
 * Sprout's resumable streams under `sprout.mcp.server.*`).
 */
export const MCP_SERVER_PROPERTY_KEYS = {
  enabled: 'spring.ai.mcp.server.enabled',
  name: 'spring.ai.mcp.server.name',
  version: 'spring.ai.mcp.server.version',
  instructions: 'spring.ai.mcp.server.instructions',
  stdio: 'spring.ai.mcp.server.stdio',
  protocol: 'spring.ai.mcp.server.protocol',
  mcpEndpoint: 'spring.ai.mcp.server.streamable-http.mcp-endpoint',
  resumable: 'sprout.mcp.server.streamable-http.resumable',
  retryInterval: 'sprout.mcp.server.streamable-http.retry-interval',
  eventStoreMaxEvents: 'sprout.mcp.server.streamable-http.event-store.max-events',
  eventStoreTimeToLive: 'sprout.mcp.server.streamable-http.event-store.time-to-live',
  port: 'server.port',
  address: 'server.address',
} as const;

/** Default of `server.port`, as in Spring Boot. */
export const DEFAULT_MCP_SERVER_PORT = 8080;
/** Default of `server.address`: loopback only. */
export const DEFAULT_MCP_SERVER_ADDRESS = '127.0.0.1';

/**
 * The `spring.ai.mcp.server.*` properties, typed and validated.
 *
 * @see Spring AI `McpServerProperties`, `McpServerStreamableHttpProperties`
 * @remarks Only streamable HTTP (`protocol=STREAMABLE`, the default here; Spring's default is SSE),
 * its stateless form (`protocol=STATELESS`) and stdio are served.
 */
export interface McpServerProperties {
  /** When false, no `McpToolServer` is bound. @defaultValue true */
  readonly enabled: boolean;
  /** @defaultValue `mcp-server` */
  readonly name: string;
  /** @defaultValue `1.0.0` */
  readonly version: string;
  readonly instructions: string | undefined;
  /** Serve over stdio instead of HTTP. @defaultValue false */
  readonly stdio: boolean;
  /** Streamable HTTP without sessions (`protocol=STATELESS`). @defaultValue false */
  readonly stateless: boolean;
  /** @defaultValue `/mcp` */
  readonly mcpEndpoint: string;
  /**
   * Resumable SSE streams (SEP-1699) with an in-memory event store (`sprout.mcp.server.streamable-http.resumable`);
   * not with `stateless`. @defaultValue false
   */
  readonly resumable: boolean;
  /** The `retry` hint of resumable streams, in milliseconds. @defaultValue 1000 */
  readonly retryIntervalMs: number;
  /** The most events the in-memory event store keeps (all sessions). @defaultValue 10 000 */
  readonly eventStoreMaxEvents: number;
  /** How long the in-memory event store keeps an event, in milliseconds. @defaultValue 5 minutes */
  readonly eventStoreTimeToLiveMs: number;
  /** @defaultValue {@link DEFAULT_MCP_SERVER_PORT} */
  readonly port: number;
  /** @defaultValue {@link DEFAULT_MCP_SERVER_ADDRESS} */
  readonly address: string;
}

/**
 * True when any key of the group is set (`spring.ai.mcp.server.*`, `server.port`, `server.address`);
 * otherwise {@link bindMcpServerProperties} gives the defaults and start-up need not bind it.
 *
 * @param properties - the application's properties
 */
export function isMcpServerConfigured(properties: SproutProperties): boolean {
  return (
    properties.hasKeysUnder('spring.ai.mcp.server') ||
    properties.hasKeysUnder('server') ||
    properties.hasKeysUnder('sprout.mcp.server')
  );
}

/**
 * Reads and validates the `spring.ai.mcp.server.*` group.
 *
 * @param properties - the application's properties
 * @throws InvalidPropertyError naming the key, the value and what is allowed
 */
export function bindMcpServerProperties(properties: SproutProperties): McpServerProperties {
  const k = MCP_SERVER_PROPERTY_KEYS;
  const protocol = properties.getString(k.protocol);
  if (protocol !== undefined && !['STREAMABLE', 'STATELESS'].includes(protocol.toUpperCase())) {
    throw new InvalidPropertyError({
      key: k.protocol,
      value: protocol,
      allowed: 'STREAMABLE or STATELESS (Sprout serves streamable HTTP; set spring.ai.mcp.server.stdio=true for stdio)',
      origin: properties.origin(k.protocol),
    });
  }
  const endpoint = properties.getString(k.mcpEndpoint, DEFAULT_MCP_ENDPOINT);
  if (!endpoint.startsWith('/')) {
    throw new InvalidPropertyError({
      key: k.mcpEndpoint,
      value: endpoint,
      allowed: 'a path starting with /, e.g. /mcp',
      origin: properties.origin(k.mcpEndpoint),
    });
  }
  const stateless = protocol?.toUpperCase() === 'STATELESS';
  const resumable = properties.getBoolean(k.resumable, false);
  if (resumable && stateless) {
    throw new InvalidPropertyError({
      key: k.resumable,
      value: properties.getString(k.resumable),
      allowed: `false with ${k.protocol}=STATELESS (a resumed stream must reach the instance running the request)`,
      origin: properties.origin(k.resumable),
    });
  }
  return {
    enabled: properties.getBoolean(k.enabled, true),
    name: properties.getString(k.name, DEFAULT_MCP_SERVER_INFO.name),
    version: properties.getString(k.version, DEFAULT_MCP_SERVER_INFO.version),
    instructions: properties.getString(k.instructions),
    stdio: properties.getBoolean(k.stdio, false),
    stateless,
    mcpEndpoint: endpoint,
    resumable,
    retryIntervalMs: properties.getDurationMs(k.retryInterval, DEFAULT_MCP_RETRY_INTERVAL_MS),
    eventStoreMaxEvents: properties.getInteger(k.eventStoreMaxEvents, DEFAULT_MCP_EVENT_STORE_MAX_EVENTS, { min: 1 }),
    eventStoreTimeToLiveMs: properties.getDurationMs(k.eventStoreTimeToLive, DEFAULT_MCP_EVENT_STORE_TIME_TO_LIVE_MS),
    port: properties.getInteger(k.port, DEFAULT_MCP_SERVER_PORT, { min: 0, max: 65535 }),
    address: properties.getString(k.address, DEFAULT_MCP_SERVER_ADDRESS),
  };
}
