import { PageTitle } from '../../../components/page-title';

export function DriverHistoryPage() {
  return <PageTitle>Job History</PageTitle>;
}
