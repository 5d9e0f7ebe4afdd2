import type { ReactNode } from 'react';
import { Container, Paper, Text } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';

type AuthCardProps = {
  title: string;
  description?: string;
  children: ReactNode;
  footer?: ReactNode;
};

/** The centred card every sign-in, sign-up and password page sits in. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <Container size={440} py="xl">
      <Paper withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }} radius="md">
        <PageTitle>{title}</PageTitle>
        {description ? (
          <Text c="dimmed" size="sm" mt={-8} mb="lg">
            {description}
          </Text>
        ) : null}
        {children}
        {footer ? (
          <Text size="sm" ta="center" mt="lg" component="div">
            {footer}
          </Text>
        ) : null}
      </Paper>
    </Container>
  );
}
