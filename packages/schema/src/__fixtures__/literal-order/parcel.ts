/** A size, smallest first. */
export type Size = 'S' | 'M' | 'L';

/** How a parcel travels. */
export enum Mode {
  Sea = 'sea',
  Air = 'air',
  Road = 'road',
}

/** A parcel. */
export interface Parcel {
  size: 'S' | 'M' | 'L';
  fits: Size[];
  lane?: 'slow' | 'fast' | null;
  care?: 'upright' | 'any';
  weight: 3 | 1 | 2;
  mode: Mode | null;
}
