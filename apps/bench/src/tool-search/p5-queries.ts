import queriesFile from './p5-queries.json';

/** A query of the P5 set: what a user would type, and the catalogue tool it asks for. */
export interface P5Query {
  readonly lang: 'en' | 'zh';
  readonly query: string;
  /** Name of the intended tool in `generateToolCatalogue()`. */
  readonly expected: string;
}

/** The P5 queries (`p5-queries.json`), English first, then Chinese. */
export const P5_QUERIES: readonly P5Query[] = queriesFile.queries as P5Query[];
