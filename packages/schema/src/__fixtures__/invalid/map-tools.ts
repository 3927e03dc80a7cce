import { Tool } from './tool';

export interface PriceUpdate {
  currency: string;
  prices: Map<string, number>;
}

export class MapTools {
  @Tool()
  updatePrices(update: PriceUpdate): void {
    void update;
  }
}
