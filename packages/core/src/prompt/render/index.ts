import type { PromptFormat } from '../formats';
import { markdownRenderer } from './markdown';
import { plainRenderer } from './plain';
import type { PromptRenderer } from './renderer';
import { sectionsRenderer } from './sections';
import { xmlRenderer } from './xml';

export type { PromptRenderer } from './renderer';

const RENDERERS: Record<PromptFormat, PromptRenderer> = {
  sections: sectionsRenderer,
  xml: xmlRenderer,
  markdown: markdownRenderer,
  plain: plainRenderer,
};

export function rendererFor(format: PromptFormat): PromptRenderer {
  return RENDERERS[format];
}
