import '../styles/overlay-styles';
import { Divider, Drawer, Text } from '@mantine/core';
import type { NavItem, Role } from '../../../domain/access';
import { DrawerNav } from './main-nav';

type MenuDrawerProps = {
  opened: boolean;
  onClose: () => void;
  items: NavItem[];
  activePath: string | null;
  role: Role | null;
};

/** The phone menu: the role's navigation in a drawer (loaded on the first tap of the burger). */
export function MenuDrawer({ opened, onClose, items, activePath, role }: MenuDrawerProps) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Menu" size="xs" hiddenFrom="sm">
      <DrawerNav items={items} activePath={activePath} onNavigate={onClose} />
      {role ? (
        <>
          <Divider my="md" />
          <Text size="sm" c="dimmed">
            Role: {role}
          </Text>
        </>
      ) : null}
    </Drawer>
  );
}
