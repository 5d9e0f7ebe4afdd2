import { Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

const PRODUCT_NAME = 'Perth Chauffeur Ops';

/** The page's h1, also used as the browser tab title. */
export function PageTitle({ children }: { children: string }) {
  useDocumentTitle(`${children} · ${PRODUCT_NAME}`);
  return (
    <Title order={1} mb="md">
      {children}
    </Title>
  );
}
