// Row 7: the structure block's cost when one package of the large corpus is selected
// (decision 031).
import {
  CORE_SYSTEM_IGNORE_PATTERNS,
  DEFAULT_STRUCTURE_BUDGET,
  promptSegments,
  scanProject,
  STRUCTURE_BUDGET_SHARE,
} from '@promptloom/core';
import { NodeFileProvider } from '@promptloom/core/node';
import { countCl100k } from '@promptloom/core/count-cl100k';

/**
 * Selecting one package of the large corpus with the three default blocks: the prompt's
 * tokens against that package's file tokens + STRUCTURE_BUDGET_SHARE of the budget.
 */
export async function measurePackageSelection(largeDir: string, packageDir: string) {
  const provider = new NodeFileProvider(largeDir);
  const scan = await scanProject(provider, 'large', { corePatterns: CORE_SYSTEM_IGNORE_PATTERNS });
  const selected = scan.files.map((f) => f.path).filter((p) => p.startsWith(`${packageDir}/`));
  let total = 0;
  let fileTokens = 0;
  for await (const segment of promptSegments({
    items: [
      { type: 'PROJECT_STRUCTURE', content: '', isActive: true },
      { type: 'SELECTED_FILES_CONTENT', content: '', isActive: true },
      { type: 'DYNAMIC_TASK', content: '', isActive: true },
    ],
    finalRequest: '',
    mode: 'PROJECT',
    project: { name: 'large', provider, root: scan.root, fileCount: scan.files.length },
    selectedFiles: selected,
  })) {
    const tokens = countCl100k(segment.text);
    total += tokens;
    if (segment.kind === 'file') fileTokens += tokens;
  }
  const allowed = fileTokens + STRUCTURE_BUDGET_SHARE * DEFAULT_STRUCTURE_BUDGET;
  return { files: selected.length, total, fileTokens, allowed };
}
