import { FINAL_REQUEST_MAX } from '@promptloom/core';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatNumber } from '../../../../lib/format';
import { cn } from '../../../../lib/cn';
import { useProjectFinalRequest, usePromptStore, useSessionStore } from '../../session';
import { takeRequestFocus } from '../lib/focus-request';

/**
 * The final request of the dynamic task: capped at FINAL_REQUEST_MAX characters.
 * Writes straight to the store; token counting debounces on its own (use-token-count).
 */
export function RequestInput() {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const id = useId();
  const project = useSessionStore((s) => s.projectName);
  const finalRequest = useProjectFinalRequest(project);
  const setFinalRequest = usePromptStore((s) => s.setFinalRequest);
  const nearLimit = finalRequest.length > FINAL_REQUEST_MAX * 0.9;
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (takeRequestFocus()) ref.current?.focus();
  }, []);

  return (
    <div>
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {t('workspace.request.label')}
      </label>
      <textarea
        ref={ref}
        id={id}
        value={finalRequest}
        maxLength={FINAL_REQUEST_MAX}
        rows={4}
        placeholder={t('workspace.request.placeholder')}
        onChange={(event) => {
          if (project) setFinalRequest(project, event.target.value.slice(0, FINAL_REQUEST_MAX));
        }}
        className="mt-1 block w-full resize-y rounded-md border border-slate-300 px-3 py-2 text-sm shadow-xs focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none"
      />
      <p className={cn('mt-1 text-right text-xs', nearLimit ? 'text-amber-700' : 'text-slate-400')}>
        {t('workspace.request.counter', {
          count: finalRequest.length,
          formatted: format(finalRequest.length),
          max: format(FINAL_REQUEST_MAX),
        })}
      </p>
    </div>
  );
}
