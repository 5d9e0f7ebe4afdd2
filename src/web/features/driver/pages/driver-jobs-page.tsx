import { PageTitle } from '../../../components/page-title';

export function DriverJobsPage() {
  return <PageTitle>My Jobs</PageTitle>;
}
