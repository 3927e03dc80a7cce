import { Tool } from '@sprout-ai/core';
import type { Label, Rank } from './labels';
import type { Mode, Parcel, Size } from './parcel';

/** Tools whose parameters are literal unions written in an order that is neither sorted nor the checker's. */
export class ShopTools {
  /** Literal unions as parameters. */
  @Tool()
  pick(
    label: Label,
    rank: Rank,
    size: 'S' | 'M' | 'L',
    answer: 3 | 1 | 2,
    grade: 'b' | 'a' | null,
    alias: Size,
  ): string {
    return `${label}${rank}${size}${answer}${grade ?? ''}${alias}`;
  }

  /** Literal unions in arrays, nested interfaces and optional parameters; enums alone and with null. */
  @Tool()
  ship(sizes: ('S' | 'M' | 'L')[], parcel: Parcel, mode: Mode, fallback: Mode | null, fit?: 'S' | 'M' | 'L'): string {
    return JSON.stringify([sizes, parcel, mode, fallback, fit]);
  }

  /** A literal union as a map's value type. */
  @Tool()
  stock(perCity: Record<string, 'S' | 'M' | 'L'>): string {
    return JSON.stringify(perCity);
  }
}
