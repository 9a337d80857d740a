/**
 * A count with its thousands grouped as en-US writes them ("1,091,735"). Not toLocaleString:
 * its first call loads ICU's locale data, about 12 ms of a 0.4 s run.
 */
export const number = (n: number) =>
  Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : n.toLocaleString('en-US');

/**
 * What comes before a token count for `model`: "≈ " when the count is an estimate (Claude,
 * Gemini: their tokenizers are not public), nothing when it is exact. Every count a user or an
 * agent reads is marked by this one rule.
 */
export const approx = (model: { exact: boolean }) => (model.exact ? '' : '≈ ');

/** "1 file", "2 files", "1,024 files": the noun agrees with the count. */
export const count = (n: number, singular: string, plural = `${singular}s`) =>
  `${number(n)} ${n === 1 ? singular : plural}`;
