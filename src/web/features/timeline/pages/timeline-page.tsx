import { PageTitle } from '../../../components/page-title';

export function TimelinePage() {
  return <PageTitle>Timeline</PageTitle>;
}
