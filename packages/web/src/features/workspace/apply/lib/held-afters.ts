import type { ApplyPlan, PlannedFile } from '@promptloom/core';

/**
 * The new texts of a review's files that the apply worker keeps (decision 244): their `after`
 * is null in the review's plan, and the page asks for them when it shows a file's diff, writes
 * or downloads the patch. A large answer's new texts are megabytes of strings: taken as the
 * review was drawn, they were work and collections in the way of the keys typed meanwhile.
 */
export interface HeldAfters {
  /** Whether the worker holds this file's new text (its `after` here is null). */
  has(file: PlannedFile): boolean;
  /** These files' new texts, asked for once each. */
  texts(files: readonly PlannedFile[]): Promise<Map<PlannedFile, string>>;
}

/**
 * The texts held for `places` (each held file, by its place in the worker's plan), asked of
 * the worker by `ask` in one message for all those not asked for yet.
 */
export function heldAfters(
  places: ReadonlyMap<PlannedFile, number>,
  ask: (places: number[]) => Promise<[number, string][]>,
): HeldAfters | null {
  if (places.size === 0) return null;
  const asked = new Map<number, Promise<string>>();
  return {
    has: (file) => places.has(file),
    async texts(files) {
      const wanted = files.filter((file) => places.has(file)).map((file) => places.get(file)!);
      const fresh = [...new Set(wanted.filter((k) => !asked.has(k)))];
      if (fresh.length > 0) {
        const reply = ask(fresh).then((afters) => new Map(afters));
        // A failed ask is asked again next time.
        for (const k of fresh) {
          const text = reply.then((got) => {
            const found = got.get(k);
            if (found === undefined) throw new Error(`No new text came for file ${k}`);
            return found;
          });
          text.catch(() => asked.delete(k));
          asked.set(k, text);
        }
      }
      const texts = new Map<PlannedFile, string>();
      for (const file of files) {
        const k = places.get(file);
        if (k !== undefined) texts.set(file, await asked.get(k)!);
      }
      return texts;
    },
  };
}

/** `files` with their new texts: those the worker holds asked for, the others as they are. */
export async function withAfters(
  files: readonly PlannedFile[],
  held: HeldAfters | null,
): Promise<PlannedFile[]> {
  if (!held) return [...files];
  const texts = await held.texts(files);
  return files.map((file) => {
    const after = texts.get(file);
    return after === undefined ? file : { ...file, after };
  });
}

/**
 * The plan as `planClashes` weighs it: a file whose new text the worker holds writes it.
 * Only whether `after` is null is read there, so a held text stands as an empty one.
 */
export function asWritten(plan: ApplyPlan, held: HeldAfters | null): ApplyPlan {
  if (!held) return plan;
  return { ...plan, files: plan.files.map((f) => (held.has(f) ? { ...f, after: '' } : f)) };
}
