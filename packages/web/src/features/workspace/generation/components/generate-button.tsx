import { Wand2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { useGeneratePrompt } from '../hooks/use-generate-prompt';
import { useProjectComposition, useSessionStore } from '../../session';
import { useTokenStore } from '../../counting';

/** Generate: busy while generating or loading contents, disabled with no blocks. */
export function GenerateButton({ size = 'md' }: { size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const { generate, generating } = useGeneratePrompt();
  const project = useSessionStore((s) => s.projectName);
  const currentComposition = useProjectComposition(project);
  const calculating = useTokenStore((s) => s.calculating);
  return (
    <Button
      size={size}
      onClick={() => void generate()}
      busy={generating || (calculating && size === 'sm')}
      disabled={currentComposition.length === 0}
    >
      {!generating && <Wand2 className="size-4" aria-hidden />}
      {generating ? t('workspace.generation.generating') : t('workspace.generation.generate')}
    </Button>
  );
}
