import { countIgnorePatterns, type IgnoreCategory } from '@promptloom/core';
import { GitMerge, Replace } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import type { TemplateMode } from '../hooks/use-pattern-editor';

interface TemplateModeModalProps {
  name: string | null;
  /** The template, once fetched (it is prefetched when the modal opens). */
  template: IgnoreCategory[] | undefined;
  /** The mode being applied while the template is still loading. */
  pending: TemplateMode | null;
  onChoose: (mode: TemplateMode) => void;
  onClose: () => void;
}

/** MERGE (union per category) or REPLACE (clear first), or cancel. */
export function TemplateModeModal({
  name,
  template,
  pending,
  onChoose,
  onClose,
}: TemplateModeModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={name !== null}
      onClose={onClose}
      size="sm"
      title={t('ignorePatterns.modeTitle', { name: name ?? '' })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="secondary"
            busy={pending === 'REPLACE'}
            disabled={pending !== null}
            onClick={() => onChoose('REPLACE')}
          >
            <Replace className="size-4" aria-hidden />
            {t('ignorePatterns.replace')}
          </Button>
          <Button
            busy={pending === 'MERGE'}
            disabled={pending !== null}
            onClick={() => onChoose('MERGE')}
          >
            <GitMerge className="size-4" aria-hidden />
            {t('ignorePatterns.merge')}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-600">
        <p>
          {template
            ? t('ignorePatterns.modeSummary', {
                count: countIgnorePatterns(template),
                categories: template.length,
              })
            : t('ignorePatterns.modeIntro')}
        </p>
        <dl className="space-y-2">
          <div>
            <dt className="font-medium text-slate-800">{t('ignorePatterns.merge')}</dt>
            <dd>{t('ignorePatterns.mergeHelp')}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-800">{t('ignorePatterns.replace')}</dt>
            <dd>{t('ignorePatterns.replaceHelp')}</dd>
          </div>
        </dl>
      </div>
    </Modal>
  );
}
