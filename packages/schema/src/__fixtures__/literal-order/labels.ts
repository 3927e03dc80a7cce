// First in the program (first in file order, and imported by shop-tools.ts), so the checker meets these
// literals before the other files': 'L' gets a lower type id than 'S' and 'M', and 2 and 1 lower ones
// than 3. A union's members are ordered by type id, so `'S' | 'M' | 'L'` is L, S, M to the checker.

/** A label size. */
export type Label = 'L' | 'XL';

/** A rank. */
export type Rank = 2 | 1;
