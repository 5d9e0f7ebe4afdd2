import { Alert, Box, Grid, Loader, NavLink } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useSettings, type Settings } from '../api/get-settings';
import { TimeZoneForm } from '../components/time-zone-form';
import { UsersAndRoles } from '../../users/components/users-and-roles';
import { BusinessSection } from '../components/business-section';
import { DispatchSection } from '../components/dispatch-section';
import { DocumentsSection } from '../components/documents-section';
import { FaresSection } from '../components/fares-section';
import { NotificationsSection } from '../components/notifications-section';
import { ProfileSection } from '../components/profile-section';
import { SectionCard } from '../components/section-card';
import { SecuritySection } from '../components/security-section';

const SECTIONS = [
  { path: 'profile', label: 'Profile Settings' },
  { path: 'notifications', label: 'Notifications' },
  { path: 'security', label: 'Security' },
  { path: 'regional', label: 'Regional Settings' },
  { path: 'fares', label: 'Fares' },
  { path: 'business', label: 'Business' },
  { path: 'dispatch', label: 'Dispatch' },
  { path: 'documents', label: 'Required Documents' },
  { path: 'users', label: 'Users & Roles' },
] as const;

/** Sections that edit part of GET /api/settings wait for it. */
function WithSettings({ children }: { children: (settings: Settings) => ReactNode }) {
  const settings = useSettings();
  if (settings.isPending) return <Loader aria-label="Loading settings" />;
  if (settings.isError) {
    return (
      <Alert color="red" title="Could not load the settings">
        {errorMessage(settings.error)}
      </Alert>
    );
  }
  return <>{children(settings.data)}</>;
}

function SettingsMenu() {
  const { pathname } = useLocation();
  return (
    <Box
      component="nav"
      aria-label="Settings sections"
      display={{ base: 'flex', md: 'block' }}
      style={{ flexWrap: 'wrap' }}
    >
      {SECTIONS.map((section) => {
        const to = `${paths.settings}/${section.path}`;
        return (
          <NavLink
            key={section.path}
            component={Link}
            to={to}
            label={section.label}
            active={pathname === to || pathname.startsWith(`${to}/`)}
            aria-current={pathname === to ? 'page' : undefined}
            style={{ whiteSpace: 'nowrap' }}
            w={{ base: 'auto', md: '100%' }}
          />
        );
      })}
    </Box>
  );
}

export function SettingsPage() {
  return (
    <>
      <PageTitle>Settings</PageTitle>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <SettingsMenu />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Routes>
            <Route index element={<Navigate to="profile" replace />} />
            <Route path="profile" element={<ProfileSection />} />
            <Route
              path="notifications"
              element={
                <WithSettings>
                  {(settings) => <NotificationsSection settings={settings} />}
                </WithSettings>
              }
            />
            <Route path="security" element={<SecuritySection />} />
            <Route
              path="regional"
              element={
                <SectionCard
                  title="Regional Settings"
                  description="The business time zone. Perth is the default."
                >
                  <Box maw={480}>
                    <TimeZoneForm />
                  </Box>
                </SectionCard>
              }
            />
            <Route
              path="fares"
              element={
                <WithSettings>{(settings) => <FaresSection settings={settings} />}</WithSettings>
              }
            />
            <Route
              path="business"
              element={
                <WithSettings>{(settings) => <BusinessSection settings={settings} />}</WithSettings>
              }
            />
            <Route
              path="dispatch"
              element={
                <WithSettings>{(settings) => <DispatchSection settings={settings} />}</WithSettings>
              }
            />
            <Route path="documents" element={<DocumentsSection />} />
            <Route
              path="users"
              element={
                <SectionCard
                  title="Users & Roles"
                  description="Invite staff, set their roles, and choose which areas each role may open."
                >
                  <UsersAndRoles />
                </SectionCard>
              }
            />
            <Route path="*" element={<Navigate to={`${paths.settings}/profile`} replace />} />
          </Routes>
        </Grid.Col>
      </Grid>
    </>
  );
}
