/** Largest edit distance at which a name still reads as a typo of another. */
const MAX_TYPO_DISTANCE = 3;

/**
 * The candidate closest to `name` when it looks like a typo of it: edit distance at most 3, compared
 * ignoring case, `-` and `_` (so `getweather` and `GET_WEATHER` are 0 from `getWeather`).
 *
 * @param name - what was written, e.g. `getWheather`
 * @param candidates - what it may have meant, e.g. the tool names
 * @returns the closest candidate (the first of equals), or `undefined` when none is close
 */
export function closestMatch(name: string, candidates: Iterable<string>): string | undefined {
  const target = comparable(name);
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(target, comparable(candidate));
    if (distance <= MAX_TYPO_DISTANCE && (best === undefined || distance < best.distance)) {
      best = { candidate, distance };
    }
  }
  return best?.candidate;
}

function comparable(text: string): string {
  return text.toLowerCase().replaceAll('-', '').replaceAll('_', '');
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}
