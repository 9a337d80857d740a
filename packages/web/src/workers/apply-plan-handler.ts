import {
  type ApplyPlan,
  type FileText,
  type ParsedAnswer,
  parseAnswer,
  planApply,
  spellAsFolder,
  spellingAmong,
  touchedPaths,
} from '@promptloom/core/apply';
import { toFileText } from '#web/lib/file-text.ts';
import type {
  ApplyAnswerOffer,
  ApplyPlanPrepare,
  ApplyPlanRequest,
  ApplyPlanResponse,
  PlanTexts,
} from './apply-plan-protocol';
import { holdAfterTexts, leavePlanTexts } from './apply-plan-texts';

/** Marks a step on the worker's timeline (the browser bench reads them). */
const mark = (step: string) => performance.mark(`apply-worker:${step}`);

/** The apply worker's work, apart from its message plumbing (tests run it in place). */
export interface ApplyPlanHandler {
  (request: ApplyPlanRequest): ApplyPlanResponse;
  /**
   * Parses an answer offered ahead of its read, for a parse that names it (`offered`); with
   * an id, answers the paths it touches as a parse does.
   */
  offer(offer: ApplyAnswerOffer): ApplyPlanResponse | null;
  /** Plans the offered answer against these files, for a plan that names it (`prepared`). */
  prepare(prepare: ApplyPlanPrepare): void;
}

type Planned = { plan: ApplyPlan } & PlanTexts;

/** Decodes the files sent as bytes and plans the parsed answer against them. */
function planBytes(parsed: ParsedAnswer, sent: [string, Uint8Array | null][]): Planned {
  const files = new Map<string, FileText | null>();
  for (const [path, bytes] of sent) files.set(path, bytes === null ? null : toFileText(bytes));
  mark('decoded');
  const plan = planApply(parsed, files);
  mark('planned');
  return leavePlanTexts(plan, files);
}

const failure = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** Parses an answer; a path the folder spells in another Unicode form is read as the folder's. */
function parse(answer: string, knownPaths: readonly string[] | undefined): ParsedAnswer {
  const known = new Set(knownPaths);
  const parsed = parseAnswer(answer, { knownPath: (path) => known.has(path) });
  return knownPaths ? spellAsFolder(parsed, spellingAmong(knownPaths)) : parsed;
}

/**
 * Only the latest parsed answer is kept for a plan, and the latest offered one: a page reads
 * one answer at a time. The offered answer stays parsed for every read of it. With
 * `holdAfters` (the worker), a plan's new texts stay here, those of the latest plan only,
 * and the page asks for them (`afters`) as it needs them.
 */
export function createApplyPlanHandler({ holdAfters = false } = {}): ApplyPlanHandler {
  let latest: { id: number; parsed: ParsedAnswer } | null = null;
  /** The latest plan's new texts, by the file's place in it (`holdAfters`). */
  let held: { id: number; texts: Map<number, string> } | null = null;
  const answer = (id: number, planned: Planned): ApplyPlanResponse => {
    if (!holdAfters) return { id, ...planned };
    const kept = holdAfterTexts(planned);
    held = { id, texts: kept.held };
    return { id, ...kept.planned };
  };
  /** The offered answer parsed, or why it could not be (told when it is read). */
  let offered: ParsedAnswer | Error | null = null;
  /** The offered answer planned ahead (or why it could not be), with the parse it planned. */
  let prepared: { parsed: ParsedAnswer; planned: Planned | Error } | null = null;
  const handle = (request: ApplyPlanRequest): ApplyPlanResponse => {
    const { id } = request;
    try {
      if (request.kind === 'afters') {
        if (held?.id !== request.planId) {
          return { id, error: `The new texts of plan ${request.planId} are no longer held` };
        }
        const afters: [number, string][] = [];
        for (const k of request.files) {
          const text = held.texts.get(k);
          if (text === undefined) return { id, error: `Plan ${request.planId} holds no text ${k}` };
          afters.push([k, text]);
        }
        return { id, afters };
      }
      if (request.kind === 'parse') {
        mark('parse');
        const parsed = 'offered' in request ? offered : parse(request.answer, request.knownPaths);
        if (parsed instanceof Error) throw parsed;
        if (!parsed) return { id, error: 'No answer was offered to parse' };
        latest = { id, parsed };
        mark('parsed');
        return { id, paths: touchedPaths(parsed) };
      }
      if (latest?.id !== request.parseId) {
        return { id, error: `No parsed answer ${request.parseId} to plan` };
      }
      const { parsed } = latest;
      latest = null;
      mark('plan');
      if (!('prepared' in request)) return answer(id, planBytes(parsed, request.files));
      // The same parse planned against the same bytes: the plan made then.
      if (prepared?.parsed !== parsed) return { id, error: 'No plan was prepared to read' };
      mark('planned');
      if (prepared.planned instanceof Error) throw prepared.planned;
      return answer(id, prepared.planned);
    } catch (error) {
      return { id, error: error instanceof Error ? error.message : String(error) };
    }
  };
  return Object.assign(handle, {
    offer({ answer, knownPaths, id }: ApplyAnswerOffer): ApplyPlanResponse | null {
      prepared = null;
      try {
        offered = parse(answer, knownPaths);
      } catch (error) {
        offered = failure(error);
      }
      if (id === undefined) return null;
      if (offered instanceof Error) return { id, error: offered.message };
      return { id, paths: touchedPaths(offered) };
    },
    prepare({ files }: ApplyPlanPrepare) {
      if (!offered || offered instanceof Error) return;
      mark('prepare');
      try {
        prepared = { parsed: offered, planned: planBytes(offered, files) };
      } catch (error) {
        prepared = { parsed: offered, planned: failure(error) };
      }
    },
  });
}
