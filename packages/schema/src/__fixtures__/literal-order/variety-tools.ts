import { Tool } from '@sprout-ai/core';
import type { Mode, Parcel, Size } from './parcel';

/** A value, or none. */
export type OneOf<T> = T | 'none';

/** A box around a value. */
export interface Box<T> {
  value: T;
}

/** Literal unions reached through generics, other aliases, enum members and type operators. */
export class VarietyTools {
  /** Unions the checker builds from several declarations. */
  @Tool()
  mix(
    first: 'L' | 'S',
    second: 'S' | 'L',
    one: OneOf<'b' | 'a'>,
    box: Box<'c' | 'b'>,
    picked: Parcel['size'],
    members: Mode.Road | Mode.Sea,
    bigger: Size | 'XL',
    smaller: Exclude<Size, 'M'>,
    key: keyof Parcel,
    negative: -1 | -5 | 0,
    mixed: 'x' | 2 | 'a' | 1,
  ): string {
    return JSON.stringify([first, second, one, box, picked, members, bigger, smaller, key, negative, mixed]);
  }
}
