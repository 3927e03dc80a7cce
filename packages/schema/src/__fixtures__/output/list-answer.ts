/** @structuredOutput */
export type Names = string[];

/** @structuredOutput */
interface Hidden {
  x: string;
}
export const hidden: Hidden = { x: '' };
