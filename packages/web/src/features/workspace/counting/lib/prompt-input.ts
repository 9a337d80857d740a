import {
  type AnswerFormatMode,
  type Block,
  type FileInclusionMode,
  type FileProvider,
  type Language,
  type PreviousPrompt,
  type PromptFormat,
  type PromptInput,
  type PromptItem,
  type StructureMode,
} from '@promptloom/core';
import { BROWSER_FILE_READ_BATCH } from '#web/config/limits.ts';
import type { ProjectTree } from '../../project-files';
import type { CompositionItem, SessionMode } from '../../session';
import { withContentCache } from '../../project-files';
import { outlineForPrompt } from './outline-source';

export interface PromptSources {
  composition: readonly CompositionItem[];
  blocksById: ReadonlyMap<string, Block>;
  finalRequest: string;
  selectedFiles: readonly string[];
  mode: SessionMode;
  projectName: string | null;
  provider: FileProvider | null;
  tree: ProjectTree | undefined;
  /** How the prompt reads (the project's choice). */
  format: PromptFormat;
  /** PROJECT_STRUCTURE modes by composition instance id (absent = auto). */
  structureModes?: Readonly<Record<string, StructureMode>>;
  /** ANSWER_FORMAT modes by composition instance id (absent = core's default). */
  answerFormats?: Readonly<Record<string, AnswerFormatMode>>;
  /** The UI language: the answer-format and changes blocks write in it. */
  language?: Language;
  /** The project's latest history entry (CHANGES_SINCE_LAST_PROMPT compares with it). */
  previousPrompt?: PreviousPrompt | null;
  /** Selected files not included in full (inclusion modes, folder defaults applied). */
  fileModes?: ReadonlyMap<string, FileInclusionMode>;
  /** The project model's token budget: auto structure blocks fit 5 % of it (decision 031). */
  budget?: number;
}

/**
 * Turns the workspace state into core's PromptInput: blocks resolved (a deleted block is
 * left out), files through the content cache, only selected files that still exist.
 */
export function buildPromptInput(sources: PromptSources): PromptInput {
  const items: PromptItem[] = [];
  for (const item of sources.composition) {
    const block = sources.blocksById.get(item.blockId);
    if (!block) continue;
    const structure = sources.structureModes?.[item.instanceId];
    const answerFormat = sources.answerFormats?.[item.instanceId];
    items.push({
      type: block.type,
      content: block.content,
      isActive: item.isActive,
      name: block.name,
      ...(block.type === 'PROJECT_STRUCTURE' && structure ? { structure } : {}),
      ...(block.type === 'ANSWER_FORMAT' && answerFormat ? { answerFormat } : {}),
    });
  }
  const { tree, provider } = sources;
  const project =
    sources.mode === 'PROJECT' && tree && provider && sources.projectName
      ? {
          name: sources.projectName,
          provider: withContentCache(provider, tree.index.stats),
          root: tree.root,
          fileCount: tree.index.filePaths.length,
          stats: tree.index.stats,
        }
      : null;
  const selectedFiles = tree ? sources.selectedFiles.filter((p) => tree.index.fileSet.has(p)) : [];
  return {
    items,
    finalRequest: sources.finalRequest,
    project,
    mode: sources.mode,
    selectedFiles,
    format: sources.format,
    batchSize: BROWSER_FILE_READ_BATCH,
    fileModes: sources.fileModes,
    ...(sources.budget !== undefined ? { budget: sources.budget } : {}),
    ...(sources.language ? { language: sources.language } : {}),
    previousPrompt: sources.previousPrompt ?? null,
    outline: outlineForPrompt,
  };
}
