import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { DeleteSection } from './delete-section';
import { ExportSection } from './export-section';
import { ImportSection } from './import-section';
import { ProfileSection } from './profile-section';

/**
 * /settings/account: who is signed in, and the user's data is theirs — export, import, delete
 * (decision 060).
 */
export function AccountPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-4xl p-6 lg:p-8">
      <PageHeader title={t('account.title')} description={t('account.description')} />
      <div className="space-y-6">
        <ProfileSection />
        <ExportSection />
        <ImportSection />
        <DeleteSection />
      </div>
    </div>
  );
}
