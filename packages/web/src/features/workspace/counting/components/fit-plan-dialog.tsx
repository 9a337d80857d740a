import type { FileInclusionMode, FitPlan } from '@promptloom/core';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { FilePath } from '#web/components/ui/file-path.tsx';
import { Modal } from '#web/components/ui/modal.tsx';
import { useFormatNumber } from '#web/lib/format.ts';

interface Props {
  plan: FitPlan | null;
  onApply: () => void;
  onClose: () => void;
}

/** The proposed plan: tokens before and after, each change, and Apply. */
export function FitPlanDialog({ plan, onApply, onClose }: Props) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const mode = (m: FileInclusionMode) => t(`inclusion.modes.${m}`);
  return (
    <Modal
      open={plan !== null}
      onClose={onClose}
      title={t('fit.title')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button disabled={!plan?.fits} onClick={onApply}>
            {t('fit.apply')}
          </Button>
        </>
      }
    >
      {plan && (
        <>
          <dl className="grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-slate-500">{t('fit.before')}</dt>
              <dd className="font-mono text-red-700">{format(plan.before)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t('fit.after')}</dt>
              <dd className="font-mono text-green-700">{format(plan.after)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t('fit.budget')}</dt>
              <dd className="font-mono">{format(plan.budget)}</dd>
            </div>
          </dl>
          {!plan.fits && (
            // A long path in the message breaks where it must rather than run out of the dialog.
            <p role="alert" className="mt-3 text-sm wrap-anywhere text-red-700">
              {plan.keptWhole
                ? t('fit.keptWhole', { paths: plan.keptWhole.join(', ') })
                : t('fit.cannot')}
            </p>
          )}
          <ul aria-label={t('fit.changes')} className="mt-3 max-h-72 space-y-1 overflow-auto">
            {plan.changes.map((change) => (
              <li
                key={change.path}
                className="flex flex-wrap justify-between gap-x-3 rounded bg-slate-50 px-2 py-1 text-xs"
              >
                {/* On a phone the change goes under the path rather than squeeze it. */}
                <FilePath path={change.path} className="flex-1 basis-48" />
                <span className="ml-auto shrink-0 text-slate-600">
                  {t('fit.change', {
                    from: mode(change.from),
                    to: mode(change.to),
                    saved: format(change.saved),
                  })}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}
