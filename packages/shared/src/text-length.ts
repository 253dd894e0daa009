/**
 * Lengths as a person counts them: user-perceived characters (grapheme clusters), so a flag
 * ("🇵🇭", two code points, four UTF-16 units), an emoji with a skin tone or a letter with combining
 * marks is one character, and a limit never keeps half of one. The web (counters, cutting a paste)
 * and the server (the schemas' limits) count the same way.
 */
const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

function graphemes(text: string): string[] {
  if (segmenter) return Array.from(segmenter.segment(text), (s) => s.segment);
  // Without Intl.Segmenter (older engines), code points: never half of a surrogate pair.
  return Array.from(text);
}

/** How many user-perceived characters `text` has. */
export function graphemeCount(text: string): number {
  if (text.length <= 1) return text.length;
  return graphemes(text).length;
}

/** The first `max` user-perceived characters of `text` (all of it when shorter): never cut inside one. */
export function graphemeSlice(text: string, max: number): string {
  // Never more characters than UTF-16 units: a text that short is within the limit as it is.
  if (text.length <= max) return text;
  return graphemes(text).slice(0, max).join('');
}

/** A zod `refine` check: at most `max` user-perceived characters. */
export function withinGraphemes(max: number): (text: string) => boolean {
  return (text) => text.length <= max || graphemeCount(text) <= max;
}

/** A zod `refine` check: at least `min` user-perceived characters. */
export function atLeastGraphemes(min: number): (text: string) => boolean {
  return (text) => graphemeCount(text) >= min;
}
