import type { FileRole } from '../fit/roles';
import type { Derived } from './derived';
import { type Sums, bestOf } from './fusion';
import type { ParsedRequest } from './request';
import type { Scores } from './signals';

/** How far a role is demoted unless the request asks for it (its source files stay). */
export const DEMOTION: Record<FileRole, number> = {
  source: 1,
  readme: 0.7,
  docs: 0.5,
  test: 0.5,
  fixture: 0.3,
  asset: 0.3,
  generated: 0.2,
  vendored: 0.2,
  licence: 0.2,
  lockfile: 0.2,
  changelog: 0.3,
};
/**
 * How far a shell completion or an editor's plugin is demoted unless the request asks for it
 * (decisions 130 and 145): glue around the project's command, which echoes its words.
 */
export const COMPLETION_DEMOTION = 0.5;
/**
 * How far a type declaration (`.d.ts`, `.pyi`) is demoted in a long request that does not ask
 * for types: a report tells what the program does, which a declaration holds none of, though it
 * names the options and functions the report names, in few tokens. A one-line request keeps it
 * (`add the type of X` edits one), as does a report that says `types` or `typings`.
 */
export const DECLARATION_DEMOTION = 0.5;

/**
 * How far a translation catalog (gettext's `.po`, `.pot`, `.mo`, a file of an `LC_MESSAGES/`
 * folder) is demoted unless the request asks for translations: each locale's catalog holds
 * every message of the code with the path of the file that writes it, so a report that quotes
 * an error message meets a hundred catalogs before the one source file it comes from.
 */
export const TRANSLATION_DEMOTION = 0.2;

/**
 * How far an issue or pull-request template is demoted unless the request quotes it: an issue
 * filed through the form echoes its headings and instructions (`### Steps to Reproduce`, the
 * version command to paste), so every report meets the template before the code it is about.
 */
export const TEMPLATE_DEMOTION = 0.2;

/** Where the source file defining a name the request gives stays when the request asks for tests. */
export const DEFINER_PLACE = 3;

/**
 * A request that asks for tests (`add a test for url_for`) lifts the test files, which all use
 * the name it gives, above the source defining it, while the test is written against that
 * source: its best definer is kept among the first few.
 */
function keepDefiner(fused: Sums, defines: Scores, d: Derived) {
  let best = -1;
  for (const at of defines.keys()) {
    if (d.roles[at] !== 'source' || !fused.has[at]) continue;
    if (best < 0 || fused.values[at]! > fused.values[best]!) best = at;
  }
  if (best < 0) return;
  const head = bestOf(fused, DEFINER_PLACE);
  if (head.some(([at]) => at === best) || head.length < DEFINER_PLACE) return;
  fused.values[best] = head.at(-1)![1] * (1 + 1e-9);
}

/** The request's own signals that spare a file from demotion or pick the definer to keep. */
interface Spared {
  mentioned: Scores;
  scope: Scores;
  defines: Scores;
}

/**
 * Lowers, in place, the files of a role, a completion, a declaration or a translation catalog the request does not
 * ask for, unless it quotes them; returns those lowered. `flagDefiners` are the files defining
 * a flag the request names.
 */
export function demote(
  fused: Sums,
  parsed: ParsedRequest,
  request: Spared,
  d: Derived,
  long: boolean,
  flagDefiners: Set<number>,
): Set<number> {
  const asked = (role: FileRole) =>
    (role === 'test' && parsed.asks.has('test')) ||
    (role === 'docs' && parsed.asks.has('docs')) ||
    (role === 'readme' && parsed.asks.has('docs')) ||
    (role === 'fixture' && parsed.asks.has('fixture')) ||
    (role === 'generated' && parsed.asks.has('generated')) ||
    (role === 'vendored' && parsed.asks.has('vendored')) ||
    (role === 'asset' && parsed.asks.has('asset'));
  const demoted = new Set<number>();
  for (const at of fused.order) {
    const role = d.roles[at]!;
    const mentioned = request.mentioned.has(at);
    // A completion is lowered unless asked for by word or by the scope (`_rg: add a group`),
    // or it defines a flag the request names (decision 169).
    const completion =
      ((d.completions.has(at) && !parsed.asks.has('completion') && !flagDefiners.has(at)) ||
        (d.editorPlugins.has(at) && !parsed.asks.has('editor'))) &&
      !request.scope.has(at);
    const declaration = long && d.declarations.has(at) && !parsed.asks.has('types');
    const translation = d.translations.has(at) && !parsed.asks.has('translation');
    const factor =
      (translation ? TRANSLATION_DEMOTION : 1) *
      (d.templates.has(at) && !request.scope.has(at) ? TEMPLATE_DEMOTION : 1) *
      (asked(role) ? 1 : DEMOTION[role]) *
      (completion ? COMPLETION_DEMOTION : 1) *
      (declaration ? DECLARATION_DEMOTION : 1);
    if (mentioned || factor === 1) continue;
    fused.values[at] = fused.values[at]! * factor;
    demoted.add(at);
  }
  if (parsed.asks.has('test')) keepDefiner(fused, request.defines, d);
  return demoted;
}
