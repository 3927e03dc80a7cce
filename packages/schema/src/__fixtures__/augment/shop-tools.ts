import { Tool, ToolParam } from '@sprout-ai/core';

/** A search filter, its properties described as an argument type's are. */
export class SearchFilter {
  @ToolParam({ description: 'Highest price, in euros' })
  maxPrice?: number;

  /** Written by TSDoc, made optional by its decorator. */
  @ToolParam({ required: false })
  category!: string;
}

export class ShopTools {
  /**
   * Finds products.
   *
   * @param query - what to look for
   */
  @Tool()
  search(query: string, filter?: SearchFilter): string[] {
    return [query, String(filter?.category)];
  }
}
