/**
 * Cosine similarity of two vectors: from -1 (opposite) through 0 (unrelated) to 1 (same direction).
 * Vectors of different lengths, or a zero vector, give 0 (nothing in common can be said).
 */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) return 0;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    normA += a[i] * a[i];
    normB += b[i] * b[i];
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}
