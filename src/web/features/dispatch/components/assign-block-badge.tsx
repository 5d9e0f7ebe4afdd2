import { Badge, type MantineSize, Tooltip } from '@mantine/core';
import type { Driver } from '../../../../domain/drivers/api';
import { assignBlock } from '../../../../domain/drivers/assign-block';

/**
 * Why dispatch cannot give this driver a job (assignBlock), beside their
 * name in an Assign list; the papers at fault on hover. Nothing when they
 * can be given one.
 */
export function AssignBlockBadge({ driver, size = 'xs' }: { driver: Driver; size?: MantineSize }) {
  const block = assignBlock(driver);
  if (!block) return null;
  const problems = driver.paperProblems ?? [];
  const badge = (
    <Badge size={size} variant="light" color="red">
      {block === 'suspended' ? 'Suspended' : 'Papers not in order'}
    </Badge>
  );
  return block === 'suspended' || problems.length === 0 ? (
    badge
  ) : (
    <Tooltip label={problems.join('; ')} multiline maw={320}>
      {badge}
    </Tooltip>
  );
}
