import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { paths } from '../config/paths';
import { RequireAccess } from './guards';
import { AppLayout } from './layouts/app-layout';
import { RouteError } from './route-error';
import { RouteProviders } from './route-providers';

/**
 * The route table. The providers, the layout and the guard are part of the
 * first download (every page needs them, and loading them lazily cost one
 * network round trip each before anything painted); each page is a lazy
 * module of its own.
 */
export const routes: RouteObject[] = [
  {
    Component: RouteProviders,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    children: [
      {
        path: paths.widget,
        lazy: async () => ({
          Component: (await import('../features/fares/pages/widget-page')).WidgetPage,
        }),
      },
      {
        Component: AppLayout,
        children: [
          {
            // Wraps every in-app route, so an unknown path under a protected
            // area (e.g. /driver/anything) still asks for sign-in first.
            Component: RequireAccess,
            children: [
              { path: paths.home, element: <Navigate to={paths.calculator} replace /> },
              {
                path: paths.calculator,
                lazy: async () => ({
                  Component: (await import('../features/fares/pages/calculator-page'))
                    .CalculatorPage,
                }),
              },
              {
                path: paths.book,
                lazy: async () => ({
                  Component: (await import('../features/bookings/pages/booking-page')).BookingPage,
                }),
              },
              {
                path: paths.login,
                lazy: async () => ({
                  Component: (await import('../features/auth/pages/login-page')).LoginPage,
                }),
              },
              {
                path: paths.signup,
                lazy: async () => ({
                  Component: (await import('../features/auth/pages/signup-page')).SignupPage,
                }),
              },
              {
                path: paths.forgotPassword,
                lazy: async () => ({
                  Component: (await import('../features/auth/pages/forgot-password-page'))
                    .ForgotPasswordPage,
                }),
              },
              {
                path: paths.resetPassword,
                lazy: async () => ({
                  Component: (await import('../features/auth/pages/reset-password-page'))
                    .ResetPasswordPage,
                }),
              },
              {
                path: paths.setup,
                lazy: async () => ({
                  Component: (await import('../features/setup/pages/setup-page')).SetupPage,
                }),
              },
              {
                path: paths.unauthorized,
                lazy: async () => ({
                  Component: (await import('../features/auth/pages/unauthorized-page'))
                    .UnauthorizedPage,
                }),
              },
              {
                path: paths.admin,
                lazy: async () => ({
                  Component: (await import('../features/admin/pages/admin-dashboard-page'))
                    .AdminDashboardPage,
                }),
              },
              {
                path: paths.adminDrivers,
                lazy: async () => ({
                  Component: (await import('../features/drivers/pages/drivers-page')).DriversPage,
                }),
              },
              {
                path: `${paths.adminDrivers}/:id`,
                lazy: async () => ({
                  Component: (await import('../features/drivers/pages/driver-detail-page'))
                    .DriverDetailPage,
                }),
              },
              {
                path: paths.adminSchedules,
                lazy: async () => ({
                  Component: (await import('../features/drivers/pages/driver-schedules-page'))
                    .DriverSchedulesPage,
                }),
              },
              {
                path: paths.adminDocuments,
                lazy: async () => ({
                  Component: (await import('../features/documents/pages/document-manager-page'))
                    .DocumentManagerPage,
                }),
              },
              {
                path: paths.adminMail,
                lazy: async () => ({
                  Component: (await import('../features/mail/pages/mail-page')).MailPage,
                }),
              },
              {
                path: paths.adminReports,
                lazy: async () => ({
                  Component: (await import('../features/records/pages/reports-page')).ReportsPage,
                }),
              },
              {
                path: paths.adminVehicles,
                lazy: async () => ({
                  Component: (await import('../features/vehicles/pages/vehicles-page'))
                    .VehiclesPage,
                }),
              },
              {
                path: `${paths.customers}/*`,
                lazy: async () => ({
                  Component: (await import('../features/customers/pages/customers-page'))
                    .CustomersPage,
                }),
              },
              {
                path: `${paths.settings}/*`,
                lazy: async () => ({
                  Component: (await import('../features/settings/pages/settings-page'))
                    .SettingsPage,
                }),
              },
              {
                path: `${paths.dispatch}/*`,
                lazy: async () => ({
                  Component: (await import('../features/dispatch/pages/dispatch-page'))
                    .DispatchPage,
                }),
              },
              {
                path: `${paths.jobs}/*`,
                lazy: async () => ({
                  Component: (await import('../features/jobs/pages/jobs-page')).JobsPage,
                }),
              },
              {
                path: `${paths.timeline}/*`,
                lazy: async () => ({
                  Component: (await import('../features/timeline/pages/timeline-page'))
                    .TimelinePage,
                }),
              },
              {
                path: `${paths.search}/*`,
                lazy: async () => ({
                  Component: (await import('../features/search/pages/search-page')).SearchPage,
                }),
              },
              {
                // One layout for every driver screen: location sharing and the
                // new-job alert run for the whole shift, whichever screen is open.
                path: paths.driver,
                lazy: async () => ({
                  Component: (await import('../features/drivers/pages/driver-layout')).DriverLayout,
                }),
                children: [
                  {
                    index: true,
                    lazy: async () => ({
                      Component: (await import('../features/drivers/pages/driver-home-page'))
                        .DriverHomePage,
                    }),
                  },
                  {
                    path: paths.driverJobs,
                    lazy: async () => ({
                      Component: (await import('../features/drivers/pages/driver-jobs-page'))
                        .DriverJobsPage,
                    }),
                  },
                  {
                    path: paths.driverHistory,
                    lazy: async () => ({
                      Component: (await import('../features/drivers/pages/driver-history-page'))
                        .DriverHistoryPage,
                    }),
                  },
                  {
                    path: paths.driverDocuments,
                    lazy: async () => ({
                      Component: (await import('../features/documents/pages/driver-documents-page'))
                        .DriverDocumentsPage,
                    }),
                  },
                ],
              },
              {
                path: '*',
                lazy: async () => ({
                  Component: (await import('./pages/not-found-page')).NotFoundPage,
                }),
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

/**
 * Loads the lazy modules of the routes that match the current address, so
 * that the router's first render is the page itself, as the prerendered HTML
 * is (otherwise it would first render the fallback and hydration would fail).
 */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
