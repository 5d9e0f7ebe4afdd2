import { PageTitle } from '../../../components/page-title';

export function CalculatorPage() {
  return <PageTitle>Fare Calculator</PageTitle>;
}
