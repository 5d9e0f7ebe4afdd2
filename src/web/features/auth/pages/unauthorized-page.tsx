import { Button, Container, Text } from '@mantine/core';
import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/page-title';

export function UnauthorizedPage() {
  const navigate = useNavigate();
  return (
    <Container size="sm" py="xl">
      <PageTitle>Unauthorized Access</PageTitle>
      <Text mb="lg">You don&apos;t have permission to access this page.</Text>
      <Button leftSection={<ArrowLeft size={16} aria-hidden />} onClick={() => void navigate(-1)}>
        Go Back
      </Button>
    </Container>
  );
}
