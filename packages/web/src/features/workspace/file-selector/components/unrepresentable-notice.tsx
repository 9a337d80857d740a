import { useTranslation } from 'react-i18next';
import { useConnectionStore } from '../../project-files';

/** Names the browser handed over but cannot represent as paths: reported, never guessed. */
export function UnrepresentableNotice() {
  const { t } = useTranslation();
  const paths = useConnectionStore((s) => s.provider?.unrepresentable ?? []);
  if (paths.length === 0) return null;
  return (
    <p
      role="alert"
      className="border-b border-amber-100 bg-amber-50 px-3 py-1 text-xs text-amber-800"
    >
      {t('listing.unrepresentable', { count: paths.length, paths: paths.slice(0, 5).join(', ') })}
    </p>
  );
}
