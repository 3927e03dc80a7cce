import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { SproutTokens } from '@sprout-ai/boot';
import type { ChatMemory } from '@sprout-ai/core';
import { type OrderDesk, type OrderDeskOptions, startOrderDesk } from '../order-desk';
import { createOrderSupportChatClient } from '../order-support-cli';
import { formatToolCallTrace } from '../tracing-tool-callback';
import { createOrderDeskWebApp } from './order-desk-web-app';

/** Spring Boot's key for the address the server binds (`127.0.0.1` unless set). */
export const SERVER_ADDRESS_PROPERTY = 'server.address';
/** Spring Boot's key for the port the server listens on (`8080` unless set; `0` picks a free one). */
export const SERVER_PORT_PROPERTY = 'server.port';
/** The secret that signs the sign-in cookie; instances behind one address must share it. */
export const SESSION_SECRET_PROPERTY = 'sprout.web.session-secret';

/** What {@link startOrderDeskServer} starts from: the desk's options plus where its log lines go. */
export interface OrderDeskServerOptions extends OrderDeskOptions {
  /** Receives the start-up line, one trace line per tool call and one line per failed request. */
  readonly log: (line: string) => void;
}

/** A running order desk web service. */
export interface OrderDeskServer {
  /** The desk behind it. */
  readonly desk: OrderDesk;
  /** Where it serves, e.g. `http://127.0.0.1:8080`. */
  readonly url: string;
  /** Stops taking connections, then closes the desk. */
  close(): Promise<void>;
}

/**
 * Starts the order desk and serves its web page and API (see `createOrderDeskWebApp`) on
 * `server.address`:`server.port`. Conversations go to the configured chat memory repository, so two
 * instances on `spring.ai.chat.memory.repository.type=redis` with the same
 * `sprout.web.session-secret` serve the same conversations and sign-ins.
 *
 * @param options - the desk's options and the log
 * @returns the running server
 * @throws ConfigurationError for a bad configuration (nothing is left listening)
 */
export async function startOrderDeskServer(options: OrderDeskServerOptions): Promise<OrderDeskServer> {
  const desk = await startOrderDesk({ ...options, onNotice: options.onNotice ?? options.log });
  try {
    const { properties } = desk.app;
    const hostname = properties.getString(SERVER_ADDRESS_PROPERTY, '127.0.0.1');
    const port = properties.getInteger(SERVER_PORT_PROPERTY, 8080, { min: 0, max: 65535 });
    let sessionSecret = properties.getString(SESSION_SECRET_PROPERTY);
    if (sessionSecret === undefined) {
      sessionSecret = randomBytes(32).toString('hex');
      options.log(
        `${SESSION_SECRET_PROPERTY} is not set: sign-ins last until this process stops and work on this instance only`,
      );
    }
    const chatClient = createOrderSupportChatClient(desk.app, (trace) => options.log(formatToolCallTrace(trace)), {
      schemaRegistry: options.schemaRegistry,
    });
    const app = createOrderDeskWebApp({
      chatClient,
      chatMemory: desk.app.get<ChatMemory>(SproutTokens.ChatMemory),
      approvalStore: desk.app.get(SproutTokens.ToolApprovalStore),
      sessionSecret,
      staticRoot: join(options.appDir, 'web'),
      log: options.log,
    });
    const server = await listen(app.fetch, hostname, port);
    const address = server.address() as AddressInfo;
    const url = `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${address.port}`;
    options.log(`order desk serving on ${url}`);
    return {
      desk,
      url,
      async close() {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          if ('closeAllConnections' in server) server.closeAllConnections();
        });
        await desk.close();
      },
    };
  } catch (error) {
    await desk.close();
    throw error;
  }
}

function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  hostname: string,
  port: number,
): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, hostname, port }, () => resolve(server));
    server.once('error', reject);
  });
}
