/**
 * The part of a long request that says what is wrong: issue templates wrap a few sentences,
 * a trace and a snippet in boilerplate — HTML comments of instructions, checklists, and
 * environment reports (`System Info`, `npmPackages:`, `flask==3.0.0`) whose words are in
 * every file or in none. Those are cut before the request's terms are read; the text, the
 * code and the traces are kept as written.
 */

/** Headings of sections that describe the reporter's machine or the template's checklist. */
const BOILERPLATE_SECTION =
  /\b(?:versions?|environment|system\s+info\w*|operating\s+system|platform|install(?:ed|ation)?|package\s+manager|checklist|validations?|code\s+of\s+conduct|pip\s+freeze|dependencies|browsers?|tick\s+this\s+box)\b/i;
/** A markdown heading (`## Title`) or a line of bold alone (`**Title**`), its title. */
const HEADING = /^\s{0,3}(?:#{1,6}\s+(.+?)\s*#*\s*$|\*\*([^*\n]+)\*\*:?\s*$)/;
/** `- [x] I checked the docs`: a template's checklist item. */
const CHECKBOX = /^\s*[-*]\s*\[[ xX]\]/;
/** envinfo and `pip freeze` rows: `OS: macOS 14.1`, `vite: ^5.0.0 => 5.0.2`, `flask==3.0.0`. */
const ENV_ROW =
  /^\s*(?:(?:OS|CPU|Memory|Shell|Binaries|Browsers|System|npmPackages|npmGlobalPackages|Languages|Utilities|Managers|IDEs|Virtualization|SDKs|Monorepos)\s*:.*|[\w@./-]+\s*:\s*[~^]?\d+(?:\.[\w-]+)+(?:\s*=>\s*\S+)?(?:\s+-\s+\S+)?|[\w.-]+\s*===?\s*\d+(?:\.[\w-]+)*)\s*$/;

/** The request without its template's boilerplate (the first line, a title, always stays). */
export function requestBody(request: string): string {
  const text = request.replace(/<!--[\s\S]*?(?:-->|$)/g, ' ');
  const lines = text.split('\n');
  const kept: string[] = [];
  let skipping = false;
  let fence = false;
  lines.forEach((line, at) => {
    if (at === 0) {
      kept.push(line);
      return;
    }
    if (/^\s*(?:```|~~~)/.test(line)) fence = !fence;
    const heading = fence ? null : HEADING.exec(line);
    if (heading) {
      const title = (heading[1] ?? heading[2] ?? '').replace(/[*_`]/g, '').trim();
      skipping = BOILERPLATE_SECTION.test(title);
      return;
    }
    if (skipping || CHECKBOX.test(line) || ENV_ROW.test(line)) return;
    kept.push(line);
  });
  return kept.join('\n');
}
