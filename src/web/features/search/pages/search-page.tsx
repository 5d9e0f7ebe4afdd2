import { PageTitle } from '../../../components/page-title';

export function SearchPage() {
  return <PageTitle>Search</PageTitle>;
}
