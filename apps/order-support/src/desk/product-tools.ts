import { inject, injectable } from 'inversify';
import { Tool, ToolContext, ToolParam } from '@sprout-ai/core';
import { AUTH_REQUIRED, type DeskResult, notFound, signedInUser } from './desk-result';
import { DeskStore } from './desk-store';

interface ProductData {
  readonly name: string;
  readonly priceCents: number;
  readonly stock: number;
  readonly warrantyMonths: number;
}

/** The shop's products: search, stock, warranty, back-in-stock alerts. */
@injectable()
export class ProductTools {
  constructor(@inject(DeskStore) private readonly store: DeskStore) {}

  @Tool({ description: 'Search the shop’s products by words of their name, with price and SKU.' })
  searchProducts(
    @ToolParam({ description: 'Words to look for, Chinese or English, e.g. "台灯" or "kettle"' }) text: string,
  ): DeskResult {
    const words = (typeof text === 'string' ? text : '').toLowerCase().split(/\s+/).filter(Boolean);
    const products = this.store
      .list<ProductData>('product', '')
      .filter((r) => words.some((w) => r.data.name.toLowerCase().includes(w)))
      .map((r) => ({ sku: r.id, name: r.data.name, priceCents: r.data.priceCents }));
    return { code: 'OK', products };
  }

  @Tool({ description: 'Whether a product is in stock and how many are left.' })
  checkProductStock(@ToolParam({ description: 'The product SKU, e.g. BUDS-05' }) sku: string): DeskResult {
    const found = this.store.find<ProductData>('product', sku);
    return found === undefined
      ? notFound('product', sku)
      : { code: 'OK', sku, inStock: found.data.stock > 0, stock: found.data.stock };
  }

  @Tool({ description: 'The warranty (保修) period of a product and how to claim a repair under it.' })
  getProductWarranty(@ToolParam({ description: 'The product SKU, e.g. KETTLE-1' }) sku: string): DeskResult {
    const found = this.store.find<ProductData>('product', sku);
    if (found === undefined) return notFound('product', sku);
    return {
      code: 'OK',
      sku,
      warrantyMonths: found.data.warrantyMonths,
      claim: 'Open a support ticket with the order id and a photo.',
    };
  }

  @Tool({ description: 'Notify the customer by e-mail when a sold-out product is back in stock.' })
  notifyWhenBackInStock(
    @ToolParam({ description: 'The product SKU, e.g. BUDS-05' }) sku: string,
    toolContext: ToolContext,
  ): DeskResult {
    const userId = signedInUser(toolContext);
    if (userId === undefined) return AUTH_REQUIRED;
    if (this.store.find('product', sku) === undefined) return notFound('product', sku);
    this.store.save({ kind: 'stock-alert', id: `${userId}:${sku}`, userId, data: { sku } });
    return { code: 'OK', sku, message: 'An e-mail goes out as soon as it is back.' };
  }
}
