import { FileInput } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { applyActions } from '../stores/apply-store';

/** Opens the "Apply answer" dialog; `onOpen` lets a dialog close itself first. */
export function ApplyAnswerButton({
  onOpen,
  variant = 'secondary',
  size = 'md',
}: {
  onOpen?: () => void;
  variant?: 'primary' | 'secondary';
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation();
  return (
    <Button
      variant={variant}
      size={size}
      onClick={() => {
        onOpen?.();
        applyActions.open();
      }}
    >
      <FileInput className="size-4" aria-hidden />
      {t('apply.open')}
    </Button>
  );
}
