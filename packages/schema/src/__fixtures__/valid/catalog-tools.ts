import { Tool as DefineTool, ToolParam } from '@sprout-ai/core';
import { ProductDto } from './dto/product-dto';

export enum Color {
  Red = 'red',
  Green = 'green',
}

export enum Priority {
  Low,
  High,
}

/** A search over the catalogue. */
export interface SearchQuery {
  /** Words to look for. */
  text: string;
  filters?: { minPrice: number; maxPrice?: number };
}

export default class CatalogTools {
  /**
   * Searches products.
   *
   * @param query - What to search for.
   * @param page - Page number, from 1.
   */
  @DefineTool()
  search(
    query: SearchQuery,
    page: number,
    inStock: boolean,
    sort: 'price' | 'name',
    color: Color,
    priority: Priority,
    tags: string[],
    @ToolParam({ description: 'Maximum number of results', required: false }) limit: number,
  ): string[] {
    return [
      JSON.stringify(query),
      String(page),
      String(inStock),
      sort,
      color,
      String(priority),
      ...tags,
      String(limit),
    ];
  }

  /**
   * Adds a product.
   *
   * @param product - The product.
   * @param note - A note, or null for none.
   * @param deliverBy - When it must be in stock.
   */
  @DefineTool()
  addProduct(
    product: ProductDto,
    note: string | null,
    deliverBy: Date,
    @ToolParam({ type: ProductDto }) replaces: ProductDto | null,
  ): string {
    return `${product.sku}${note ?? ''}${deliverBy.toISOString()}${replaces?.sku ?? ''}`;
  }

  /**
   * Sets prices.
   *
   * @param prices - Price by SKU.
   */
  @DefineTool()
  setPrices(prices: Record<string, number>, sizes: Record<'s' | 'm', number>, range: [number, number]): void {
    void [prices, sizes, range];
  }

  @DefineTool()
  static ping(): string {
    return 'pong';
  }
}
