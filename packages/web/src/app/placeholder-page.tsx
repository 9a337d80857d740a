import { useTranslation } from 'react-i18next';

/** Stands in for a page a later issue builds. */
export function PlaceholderPage({
  titleKey,
}: {
  titleKey:
    'nav.generator' | 'nav.library' | 'nav.blocks' | 'nav.compositions' | 'nav.ignorePatterns';
}) {
  const { t } = useTranslation();
  return (
    <div className="p-8">
      <h1 className="text-2xl font-semibold">{t(titleKey)}</h1>
    </div>
  );
}
