import { PageTitle } from '../../../components/page-title';

export function DriverHomePage() {
  return <PageTitle>Driver App</PageTitle>;
}
