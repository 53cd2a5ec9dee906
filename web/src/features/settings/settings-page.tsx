import { AdminPage } from '../../components/admin-page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useInstituteSettings } from './api/institute-settings.ts';
import { CentreContacts } from './components/centre-contacts.tsx';
import { InstituteForm } from './components/institute-form.tsx';
import { InstituteLogo } from './components/institute-logo.tsx';

/** /admin/settings: the institute's name, logo, contacts, social links and tax details (docs/product.md section 15). */
export default function SettingsPage() {
  const settings = useInstituteSettings();
  return (
    <AdminPage title="Institute Settings">
      <div className="flex max-w-3xl flex-col gap-6">
        <QueryState query={settings} loadingText="Loading settings..." errorText={(e) => errorMessage(e, 'Could not load the settings.')}>
          {(data) => (
            <>
              <InstituteLogo settings={data} />
              <InstituteForm settings={data} />
            </>
          )}
        </QueryState>
        <CentreContacts />
      </div>
    </AdminPage>
  );
}
