import deskQueriesFile from './desk-queries.json';
import queriesFile from './p5-queries.json';

/** A query of the P5 set: what a user would type, and the catalogue tool it asks for. */
export interface P5Query {
  readonly lang: 'en' | 'zh';
  readonly query: string;
  /** Name of the intended tool in the catalogue the set is written against. */
  readonly expected: string;
}

/** The P5 queries (`p5-queries.json`) against `generateToolCatalogue()`, English first, then Chinese. */
export const P5_QUERIES: readonly P5Query[] = queriesFile.queries as P5Query[];

/**
 * The held-out queries (`desk-queries.json`) against `deskCatalogue()`, English first, then
 * Chinese: written before the ranking was last changed, so they check that a change generalises.
 */
export const DESK_QUERIES: readonly P5Query[] = deskQueriesFile.queries as P5Query[];
