import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { X } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  DOCUMENT_SUBJECTS,
  documentTypeKey,
  isSpecRequiredType,
  matchingDocumentType,
  repeatedTypeMessage,
  REQUIRED_TYPE_LABEL_MAX,
  RequiredDocumentTypeSchema,
  type DocumentRequirements,
  type DocumentSubject,
  type RequirementsResponse,
} from '../../../../domain/documents';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useFormFocus } from '../../../lib/form-focus';
import {
  getDocumentRequirementsQueryOptions,
  useDocumentRequirements,
} from '../api/get-document-requirements';
import { useUpdateDocumentRequirements } from '../api/update-document-requirements';
import { useSectionVersion } from '../hooks/use-setting-version';
import { ChangedSinceNotices } from './changed-since-notices';
import { SectionCard } from './section-card';

const SUBJECT_TITLE: Record<DocumentSubject, string> = {
  driver: 'Every driver',
  vehicle: 'Every vehicle',
};

function addFieldLabel(subject: DocumentSubject): string {
  return `Add a ${subject} document type`;
}

function TypeList({
  subject,
  requirements,
  refusal,
  onChange,
}: {
  subject: DocumentSubject;
  requirements: DocumentRequirements;
  /** The server's refusal of this subject's list, shown under the add field. */
  refusal: string | undefined;
  onChange: (next: DocumentRequirements) => void;
}) {
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const types = requirements[subject];

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = RequiredDocumentTypeSchema.safeParse({ key: documentTypeKey(label), label });
    if (!parsed.success) {
      setError(`Type: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      return;
    }
    if (types.some((type) => type.key === parsed.data.key)) {
      setError(`${parsed.data.label} is already required.`);
      return;
    }
    const existing = matchingDocumentType(types, parsed.data.label);
    if (existing) {
      setError(repeatedTypeMessage(parsed.data.label, existing));
      return;
    }
    onChange({ ...requirements, [subject]: [...types, parsed.data] });
    setLabel('');
    setError(null);
  }

  return (
    <Stack gap="xs" component="section" aria-label={SUBJECT_TITLE[subject]}>
      <Title order={3} size="h5">
        {SUBJECT_TITLE[subject]}
      </Title>
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {types.map((type) => (
          <Group component="li" key={type.key} gap="xs" wrap="nowrap">
            <Text size="sm">{type.label}</Text>
            {isSpecRequiredType(subject, type.key) ? (
              // Never cut to 'REQUIRED BY…': a long type name wraps instead.
              <Badge size="xs" variant="light" color="gray" miw="max-content">
                Required by WA
              </Badge>
            ) : (
              <ActionIcon
                size="sm"
                variant="subtle"
                color="red"
                aria-label={`Remove ${type.label}`}
                onClick={() =>
                  onChange({
                    ...requirements,
                    [subject]: types.filter((each) => each.key !== type.key),
                  })
                }
              >
                <X size={14} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        ))}
      </Stack>
      <form onSubmit={add} noValidate>
        <Group align="flex-start" gap="xs">
          <TextInput
            label={addFieldLabel(subject)}
            placeholder="e.g. Medical certificate"
            maxLength={REQUIRED_TYPE_LABEL_MAX}
            value={label}
            onChange={(event) => setLabel(event.currentTarget.value)}
            error={error ?? refusal}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="default" mt={25} disabled={!label.trim()}>
            Add
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

function refusalOf(failure: unknown, subject: DocumentSubject): string | undefined {
  return isApiError(failure) ? failure.fields?.[subject] : undefined;
}

/** Another admin's save meanwhile refuses this one (decision 220), as in every Settings section. */
function RequirementsForm({ read }: { read: RequirementsResponse }) {
  const queryClient = useQueryClient();
  const update = useUpdateDocumentRequirements();
  // What the list was filled from, and what the admin has made of it.
  const [filled, setFilled] = useState(read.requirements);
  const [draft, setDraft] = useState(read.requirements);
  const isDirty = JSON.stringify(draft) !== JSON.stringify(filled);

  const version = useSectionVersion({
    latest: read,
    versionOf: (each) => each.version,
    readAgain: () =>
      queryClient.fetchQuery({ ...getDocumentRequirementsQueryOptions(), staleTime: 0 }),
    isDirty,
    isSaving: update.isPending,
    fill: (each) => {
      setFilled(each.requirements);
      setDraft(each.requirements);
    },
  });

  function edit(next: DocumentRequirements) {
    update.reset();
    setDraft(next);
  }

  const { formRef, focusRefused } = useFormFocus<HTMLDivElement>(update.isPending);

  function save() {
    update.mutate(
      { ...draft, expectedUpdatedAt: version.expectedUpdatedAt },
      {
        onSuccess: (result) => {
          version.open(result);
          notifications.show({ color: 'green', message: 'Required documents saved.' });
        },
        onError: (failure) => {
          if (version.refused(failure)) {
            focusRefused();
            return;
          }
          // A refused list is named by its add field, and said under it too.
          const subject = DOCUMENT_SUBJECTS.find((each) => refusalOf(failure, each));
          notifications.show({
            color: 'red',
            title: 'Could not save',
            message: subject
              ? `${addFieldLabel(subject)}: ${refusalOf(failure, subject)}`
              : errorMessage(failure),
          });
        },
      },
    );
  }

  return (
    <Stack gap="md" ref={formRef}>
      <ChangedSinceNotices version={version} hasTypedChanges={isDirty} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {DOCUMENT_SUBJECTS.map((subject) => (
          <TypeList
            key={subject}
            subject={subject}
            requirements={draft}
            refusal={refusalOf(update.error, subject)}
            onChange={edit}
          />
        ))}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button onClick={save} loading={update.isPending} disabled={!isDirty}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Settings → Required Documents: the types every driver and vehicle must
 * hold before they may work. The spec's six stay; an admin adds others (a
 * medical certificate), and every driver is checked against them on save.
 */
export function DocumentsSection() {
  const requirements = useDocumentRequirements();
  return (
    <SectionCard
      title="Required Documents"
      description="What every driver and vehicle must hold, verified and current, before they may work. Drivers without a new type are held back until they upload it and an admin verifies it."
    >
      {requirements.isPending ? (
        <Loader aria-label="Loading the required documents" />
      ) : requirements.isError ? (
        <Alert color="red" title="Could not load the required documents">
          {errorMessage(requirements.error)}
        </Alert>
      ) : (
        <RequirementsForm read={requirements.data} />
      )}
    </SectionCard>
  );
}
