import type { ApplyPlan, FileText, PlannedFile } from '@promptloom/core/apply';
import type { PlanTexts } from './apply-plan-protocol';

/**
 * The plan without the texts the page sent (each file's text before, and its text after when
 * it is the same): half of a large answer's plan is the files it read, and copying them back
 * to the page is work on the page's thread when the review shows.
 */
export function leavePlanTexts(
  plan: ApplyPlan,
  files: ReadonlyMap<string, FileText | null>,
): { plan: ApplyPlan } & PlanTexts {
  const sentBefore: (string | null)[] = [];
  const afterIsBefore: boolean[] = [];
  const planned = plan.files.map((file) => {
    const before = file.before;
    const from = [file.path, file.oldPath].find(
      (path) => path !== undefined && before !== null && files.get(path)?.text === before,
    );
    sentBefore.push(from ?? null);
    afterIsBefore.push(file.after !== null && file.after === before);
    if (from === undefined) return file;
    return { ...file, before: null, ...(file.after === before && { after: null }) };
  });
  return { plan: { ...plan, files: planned }, sentBefore, afterIsBefore };
}

/** A surrogate that is not half of a pair (a `u` pattern reads a pair as one code point). */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The texts after left in the plan, moved into one buffer of UTF-8 for a transfer (the other
 * half of a large plan: each changed file's new text). A text that UTF-8 cannot hold as it is
 * (a lone surrogate) stays a string. Made for each message: a transfer empties the buffer.
 */
export function packPlanTexts<T extends { plan: ApplyPlan } & PlanTexts>(
  planned: T,
): { message: T; transfer: ArrayBuffer[] } {
  const encoder = new TextEncoder();
  const encoded = planned.plan.files.map((file) =>
    file.after !== null && file.after !== '' && !LONE_SURROGATE.test(file.after)
      ? encoder.encode(file.after)
      : null,
  );
  const bytes = new Uint8Array(encoded.reduce((sum, e) => sum + (e?.length ?? 0), 0));
  let end = 0;
  const afterAt = encoded.map((e) => {
    if (!e) return null;
    bytes.set(e, end);
    end += e.length;
    return [end - e.length, end] as const;
  });
  const files = planned.plan.files.map((file, k) => (afterAt[k] ? { ...file, after: null } : file));
  return {
    message: { ...planned, plan: { ...planned.plan, files }, afterBytes: bytes, afterAt },
    transfer: [bytes.buffer],
  };
}

// A text's own byte-order mark is part of it: kept, not read as the encoding's.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** The file with its text after decoded from `bytes` when first read, then kept. */
function decodedWhenRead(file: PlannedFile, bytes: Uint8Array): PlannedFile {
  let after: string | null = null;
  const lazy = { ...file };
  Object.defineProperty(lazy, 'after', {
    enumerable: true,
    configurable: true,
    get: () => (after ??= decoder.decode(bytes)),
  });
  return lazy;
}

/** The plan with the texts `leavePlanTexts` and `packPlanTexts` left out. */
export function restorePlanTexts(
  { plan, sentBefore, afterIsBefore, afterBytes, afterAt }: { plan: ApplyPlan } & PlanTexts,
  files: ReadonlyMap<string, FileText | null>,
): ApplyPlan {
  const planned = plan.files.map((file, k) => {
    const from = sentBefore[k];
    const at = afterAt?.[k];
    const packed = afterBytes && at ? decodedWhenRead(file, afterBytes.subarray(...at)) : file;
    if (from == null) return packed;
    const before = files.get(from)?.text ?? null;
    if (afterIsBefore[k]) return { ...file, before, after: before };
    return packed === file ? { ...file, before } : Object.assign(packed, { before });
  });
  return { ...plan, files: planned };
}
