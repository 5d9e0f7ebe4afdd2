import {
  Badge,
  Group,
  Highlight,
  Mark,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  SEARCH_COUNT_CAP,
  SEARCH_KINDS,
  SEARCH_KIND_LABEL,
  type SearchHit,
  type SearchKind,
  type SearchResponse,
} from '../../../../domain/search';

/** The matched text with the query marked; a phone or typo match is marked whole. */
export function MatchedText({ text, q }: { text: string; q: string }) {
  if (text.toLowerCase().includes(q.toLowerCase())) {
    return (
      <Highlight highlight={q} size="sm" component="span">
        {text}
      </Highlight>
    );
  }
  return (
    <Text size="sm" component="span">
      <Mark>{text}</Mark>
    </Text>
  );
}

type SearchResultsProps = {
  answer: SearchResponse;
  onOpen: (kind: SearchKind, hit: SearchHit) => void;
};

/** Jobs, customers, drivers, vehicles and locations, each with how many matched. */
export function SearchResults({ answer, onOpen }: SearchResultsProps) {
  const total = SEARCH_KINDS.reduce((sum, kind) => sum + answer.groups[kind].count, 0);
  if (total === 0) {
    return <Text c="dimmed">No results for “{answer.q}”.</Text>;
  }
  return (
    <Stack gap="md">
      {SEARCH_KINDS.filter((kind) => answer.groups[kind].count > 0).map((kind) => {
        const group = answer.groups[kind];
        return (
          <section key={kind} aria-label={SEARCH_KIND_LABEL[kind]}>
            <Group gap="xs" mb={4}>
              <Title order={3} size="h5">
                {SEARCH_KIND_LABEL[kind]}
              </Title>
              <Badge variant="light" size="sm">
                {group.count >= SEARCH_COUNT_CAP ? `${SEARCH_COUNT_CAP}+` : group.count}
              </Badge>
              {group.count > group.hits.length ? (
                <Text size="xs" c="dimmed">
                  best {group.hits.length} shown
                </Text>
              ) : null}
            </Group>
            <Stack gap={4}>
              {group.hits.map((hit) => (
                <UnstyledButton key={hit.id} onClick={() => onOpen(kind, hit)}>
                  <Paper withBorder p="xs" radius="sm">
                    <Text size="sm" fw={600}>
                      <MatchedText text={hit.title} q={answer.q} />
                    </Text>
                    <Text size="xs" c="dimmed">
                      {hit.subtitle}
                    </Text>
                    {hit.matched && !hit.title.includes(hit.matched) ? (
                      <Text size="xs">
                        Matched: <MatchedText text={hit.matched} q={answer.q} />
                      </Text>
                    ) : null}
                  </Paper>
                </UnstyledButton>
              ))}
            </Stack>
          </section>
        );
      })}
    </Stack>
  );
}
