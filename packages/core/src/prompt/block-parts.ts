import { FALLBACK_LANGUAGE } from '../limits';
import { DEFAULT_MODEL_ID, findModelPreset, tokenBudget } from '../models/presets';
import { AUTO_STRUCTURE, renderStructure } from '../tree/structure';
import { DEFAULT_ANSWER_FORMAT } from './answer-format';
import { changesSincePrompt } from './changes-since';
import { parseDynamicTaskContent } from './dynamic-task';
import { formatPromptDate } from './prompt-date';
import type { PromptInput, PromptItem } from './prompt-types';
import type { PromptPart } from './segments';

const DEFAULT_PRESET = findModelPreset(DEFAULT_MODEL_ID);
/** The budget structure blocks fit when the caller gives none: the default model's. */
export const DEFAULT_STRUCTURE_BUDGET = tokenBudget(
  DEFAULT_PRESET.contextWindow,
  DEFAULT_PRESET.answerReserve,
);

function dynamicTaskText(content: string, request: string): string {
  const { prefix, suffix } = parseDynamicTaskContent(content);
  return [prefix, request, suffix].filter((part) => part.trim() !== '').join('\n\n');
}

/** The part a block renders as (null: nothing to write, or rendered elsewhere). */
export function blockPart(item: PromptItem, input: PromptInput): PromptPart | null {
  switch (item.type) {
    case 'STATIC':
      if (item.content === '') return null;
      return item.name === undefined
        ? { kind: 'text', text: item.content }
        : { kind: 'text', name: item.name, text: item.content };
    case 'DYNAMIC_TASK': {
      const text = dynamicTaskText(item.content, input.finalRequest);
      return text === '' ? null : { kind: 'task', text };
    }
    case 'PROJECT_INFO':
      return {
        kind: 'project-info',
        info: {
          name: input.project?.name ?? '-',
          fileCount: input.project?.fileCount ?? 0,
          selectedCount: input.selectedFiles.length,
          date: formatPromptDate(
            input.date ?? new Date(),
            input.language ?? FALLBACK_LANGUAGE,
            input.timeZone,
          ),
        },
      };
    case 'PROJECT_STRUCTURE':
      return {
        kind: 'structure',
        tree: renderStructure(item.structure ?? AUTO_STRUCTURE, {
          root: input.project!.root,
          fileCount: input.project!.fileCount,
          selectedFiles: input.selectedFiles,
          budget: input.budget ?? DEFAULT_STRUCTURE_BUDGET,
        }),
      };
    case 'ANSWER_FORMAT':
      return {
        kind: 'answer-format',
        mode: item.answerFormat ?? DEFAULT_ANSWER_FORMAT,
        language: input.language ?? FALLBACK_LANGUAGE,
      };
    case 'SELECTED_FILES_CONTENT':
    case 'CHANGES_SINCE_LAST_PROMPT':
      return null;
  }
}

/** CHANGES_SINCE_LAST_PROMPT's part: the project compared with its last prompt. */
export async function changesPart(input: PromptInput): Promise<PromptPart> {
  const project = input.project!;
  const changes = await changesSincePrompt(
    input.previousPrompt,
    { provider: project.provider, stats: project.stats ?? new Map() },
    input.sizeLimitBytes,
  );
  return { kind: 'changes', changes, language: input.language ?? FALLBACK_LANGUAGE };
}
