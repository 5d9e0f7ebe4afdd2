import { Badge, type MantineSize, Tooltip } from '@mantine/core';

/** A driver without a driver app account: a job assigned to them reaches no phone. */
export function NoAppBadge({ size = 'xs' }: { size?: MantineSize }) {
  return (
    <Tooltip label="No driver app account: tell them about a job by phone">
      <Badge size={size} variant="outline" color="gray">
        No app account
      </Badge>
    </Tooltip>
  );
}
