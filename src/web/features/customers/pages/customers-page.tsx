import { PageTitle } from '../../../components/page-title';

export function CustomersPage() {
  return <PageTitle>Customer Management</PageTitle>;
}
