import { isAbsolute, resolve } from 'node:path';
import { McpTokens, type SproutProperties, SproutTokens } from '@sprout-ai/boot';
import { type ChatModel, SproutError } from '@sprout-ai/core';
import {
  DEFAULT_ORDERS_DB_PATH,
  ORDERS_DB_PATH_PROPERTY,
  OrderGateway,
} from '@sprout-ai/order-support/dist/order-gateway';
import { ContainerModule } from 'inversify';
import { bearerUserAuthenticator, callerToolContext } from './caller-identity';
import { McpOrderTools } from './mcp-order-tools';

/** This server talks to no model; a ChatModel is bound only so the container needs no API key. */
const NO_CHAT_MODEL: ChatModel = {
  call: () => Promise.reject(new SproutError('The MCP order server has no chat model; it only serves tools.')),
};

/**
 * The app's bindings: the order-support app's {@link OrderGateway} (SQLite, closed with the app),
 * {@link McpOrderTools} (the `@McpTool` bean), the caller identity hooks and a stub chat model.
 *
 * @param baseDir - directory a relative `sprout.demo.orders.db-path` is resolved against
 * @param stdioUserId - the user of a stdio server (`--user` / `SPROUT_MCP_USER_ID`)
 */
export function mcpOrderServerModule(baseDir: string, stdioUserId: string | undefined): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(OrderGateway)
      .toDynamicValue((context) => {
        const properties = context.get<SproutProperties>(SproutTokens.SproutProperties);
        const dbPath = properties.getString(ORDERS_DB_PATH_PROPERTY, DEFAULT_ORDERS_DB_PATH);
        const resolved = dbPath === ':memory:' || isAbsolute(dbPath) ? dbPath : resolve(baseDir, dbPath);
        return new OrderGateway({ dbPath: resolved });
      })
      .inSingletonScope()
      .onDeactivation((gateway) => gateway.close());
    bind(McpOrderTools)
      .toDynamicValue((context) => new McpOrderTools(context.get(OrderGateway)))
      .inSingletonScope();
    bind(McpTokens.McpHttpAuthenticator).toConstantValue(bearerUserAuthenticator);
    bind(McpTokens.McpToolContextFactory).toConstantValue(callerToolContext(stdioUserId));
    bind(SproutTokens.ChatModel).toConstantValue(NO_CHAT_MODEL);
  });
}
