import { PageTitle } from '../../../components/page-title';

export function SettingsPage() {
  return <PageTitle>Settings</PageTitle>;
}
