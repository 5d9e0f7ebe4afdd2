import { Anchor, Stack, Text } from '@mantine/core';
import { formatDate } from '../../../../domain/format';
import { documentFileUrl, useSharedDocuments } from '../api/shared-documents';
import { queryFallback } from './query-fallback';

/**
 * The business documents shared with the signed-in user's role (policies,
 * forms, training), each downloadable: the driver app's Documents page and
 * the dispatchers' and operators' Documents dialog.
 */
export function SharedDocumentsList({ audience }: { audience: string }) {
  const shared = useSharedDocuments();
  if (!shared.data) return queryFallback(shared, 'Loading shared documents');
  if (shared.data.documents.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing is shared with {audience} yet.
      </Text>
    );
  }
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {shared.data.documents.map((doc) => (
        <Text size="sm" key={doc.id} component="li">
          <Anchor href={documentFileUrl(doc.id)}>{doc.name}</Anchor> ({doc.category}, v{doc.version}
          {doc.expiresOn ? `, expires ${formatDate(doc.expiresOn)}` : ''})
        </Text>
      ))}
    </Stack>
  );
}
