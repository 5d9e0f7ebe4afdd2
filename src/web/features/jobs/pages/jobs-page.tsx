import { PageTitle } from '../../../components/page-title';

export function JobsPage() {
  return <PageTitle>Jobs Overview</PageTitle>;
}
