import path from 'node:path';
import { type SproutProperties, SproutApplication, SproutTokens } from '@sprout-ai/boot';
import { ContainerModule } from 'inversify';

export class Shop {
  constructor(
    readonly currency: string,
    readonly orderTimeoutMs: number,
  ) {}
}

// Your own keys live in the same file and environment as Spring's: shop.order-timeout ← SHOP_ORDER_TIMEOUT.
const shopModule = new ContainerModule(({ bind }) => {
  bind(Shop).toDynamicValue((context) => {
    const properties = context.get<SproutProperties>(SproutTokens.SproutProperties);
    return new Shop(
      properties.getString('shop.currency', 'EUR'),
      properties.getDurationMs('shop.order-timeout', 30_000),
    );
  });
});

export async function startShop(appDir: string) {
  return SproutApplication.run({
    propertiesFile: path.join(appDir, 'application.properties'), // must exist when named
    properties: { 'spring.ai.tools.execution.timeout': '30s' }, // win over every other source
    modules: [shopModule],
  });
}
