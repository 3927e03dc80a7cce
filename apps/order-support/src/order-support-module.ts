import { isAbsolute, resolve } from 'node:path';
import { type SproutProperties, SproutTokens } from '@sprout-ai/boot';
import { ContainerModule } from 'inversify';
import { DEFAULT_ORDERS_DB_PATH, ORDERS_DB_PATH_PROPERTY, OrderGateway } from './order-gateway';
import { OrderTools } from './order-tools';

/**
 * The app's bindings: the {@link OrderGateway} (one SQLite connection, closed when the application
 * closes) and the {@link OrderTools} tool class, which Sprout's scanner turns into tool callbacks.
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
    bind(OrderTools).toSelf().inSingletonScope();
  });
}

function resolveDbPath(dbPath: string, baseDir: string): string {
  if (dbPath === ':memory:' || dbPath === '' || isAbsolute(dbPath)) return dbPath;
  return resolve(baseDir, dbPath);
}
