import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useCurrentUserId } from '../../auth';
import { templateQueryOptions, useFetchTemplate } from '../api';
import type { TemplateMode, usePatternEditor } from './use-pattern-editor';

/**
 * A gitignore template picked, then merged into or replacing the custom patterns: the name
 * picked (the mode modal is open while it is set), its contents prefetched so the modal can
 * show what it holds, and the mode being applied.
 */
export function useTemplateApply(editor: ReturnType<typeof usePatternEditor>) {
  const { t } = useTranslation();
  const fetchTemplate = useFetchTemplate();
  const userId = useCurrentUserId();
  const [templateName, setTemplateName] = useState<string | null>(null);
  const [pendingMode, setPendingMode] = useState<TemplateMode | null>(null);
  const preview = useQuery({
    ...templateQueryOptions(userId, templateName ?? ''),
    enabled: !!userId && !!templateName,
  });

  const apply = async (mode: TemplateMode) => {
    if (!templateName) return;
    setPendingMode(mode);
    try {
      editor.applyTemplate(await fetchTemplate(templateName), mode);
      toast.success(
        t(mode === 'MERGE' ? 'ignorePatterns.templateMerged' : 'ignorePatterns.templateReplaced', {
          name: templateName,
        }),
      );
    } catch (e) {
      toast.error(errorMessage(e, t('ignorePatterns.loadTemplateError')));
    } finally {
      setPendingMode(null);
      setTemplateName(null);
    }
  };

  /** Closes the mode modal, unless a template is being applied. */
  const close = () => {
    if (!pendingMode) setTemplateName(null);
  };

  return { templateName, pick: setTemplateName, preview: preview.data, pendingMode, apply, close };
}
