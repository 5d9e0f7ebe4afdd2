import { PageTitle } from '../../../components/page-title';

export function DispatchPage() {
  return <PageTitle>Dispatch</PageTitle>;
}
