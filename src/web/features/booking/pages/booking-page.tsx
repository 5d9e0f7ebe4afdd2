import { PageTitle } from '../../../components/page-title';

export function BookingPage() {
  return <PageTitle>Book a ride</PageTitle>;
}
