import { isAbsolute, resolve } from 'node:path';
import { type SproutProperties, SproutTokens } from '@sprout-ai/boot';
import { ContainerModule } from 'inversify';
import { DEFAULT_ORDERS_DB_PATH, ORDERS_DB_PATH_PROPERTY, OrderGateway } from './order-gateway';
import { OrderTools } from './order-tools';
import { DESK_TOOL_CLASSES } from './desk/desk-tool-classes';
import { DeskStore } from './desk/desk-store';

/**
 * The app's bindings: the {@link OrderGateway} and the {@link DeskStore} (SQLite connections, closed
 * when the application closes), the {@link OrderTools} tool class and the desk's
 * ({@link DESK_TOOL_CLASSES}), which Sprout's scanner turns into tool callbacks.
 *
 * @param baseDir - directory a relative `sprout.demo.orders.db-path` is resolved against (the app directory)
 * @returns the module to pass to `SproutApplication.run({ modules })`
 */
export function orderSupportModule(baseDir: string): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(OrderGateway)
      .toDynamicValue((context) => {
        const properties = context.get<SproutProperties>(SproutTokens.SproutProperties);
        const dbPath = properties.getString(ORDERS_DB_PATH_PROPERTY, DEFAULT_ORDERS_DB_PATH);
        return new OrderGateway({ dbPath: resolveDbPath(dbPath, baseDir) });
      })
      .inSingletonScope()
      .onDeactivation((gateway) => gateway.close());
    bind(DeskStore)
      .toDynamicValue((context) => {
        const properties = context.get<SproutProperties>(SproutTokens.SproutProperties);
        const dbPath = properties.getString(ORDERS_DB_PATH_PROPERTY, DEFAULT_ORDERS_DB_PATH);
        return new DeskStore({ dbPath: resolveDbPath(dbPath, baseDir) });
      })
      .inSingletonScope()
      .onDeactivation((store) => store.close());
    bind(OrderTools).toSelf().inSingletonScope();
    for (const toolClass of DESK_TOOL_CLASSES) bind(toolClass).toSelf().inSingletonScope();
  });
}

function resolveDbPath(dbPath: string, baseDir: string): string {
  if (dbPath === ':memory:' || dbPath === '' || isAbsolute(dbPath)) return dbPath;
  return resolve(baseDir, dbPath);
}
