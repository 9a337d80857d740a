import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { useConnectionStore } from '../../project-files';
import { usePromptStore, useSessionStore } from '../../session';
import { useSuggestStore } from '../stores/suggest-store';

/**
 * "Suggest files", beside the final request: opens the "Suggested files" region. Enabled once
 * a folder is open and the request holds something; absent in standalone mode (no folder).
 */
export function SuggestButton({ regionId }: { regionId: string }) {
  const { t } = useTranslation();
  const project = useSessionStore((s) => s.projectName);
  const standalone = useSessionStore((s) => s.sessionMode === 'STANDALONE');
  const connected = useConnectionStore((s) => s.provider !== null);
  // A boolean: the button re-renders when the request starts or stops being blank, not per key.
  const empty = usePromptStore((s) => !(project && s.projects[project]?.finalRequest?.trim()));
  const open = useSuggestStore((s) => s.open);
  if (standalone) return null;
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={!connected || empty}
      aria-expanded={open}
      aria-controls={open ? regionId : undefined}
      onClick={() => useSuggestStore.getState().setOpen(true)}
    >
      <Sparkles className="size-4" aria-hidden />
      {t('suggest.button')}
    </Button>
  );
}
