import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { paths } from '../config/paths';
import { RouteError } from './route-error';

/**
 * The route table. The pages, the layout, the guard and the modal and
 * notification providers are all lazy modules, so the first download holds
 * only React, the router, TanStack Query and Mantine's core; the router
 * fetches the modules a URL needs in parallel.
 */
export const routes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./route-providers')).RouteProviders }),
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    children: [
      {
        path: paths.widget,
        lazy: async () => ({
          Component: (await import('../features/widget/pages/widget-page')).WidgetPage,
        }),
      },
      {
        lazy: async () => ({ Component: (await import('./layouts/app-layout')).AppLayout }),
        children: [
          {
            // Wraps every in-app route, so an unknown path under a protected
            // area (e.g. /driver/anything) still asks for sign-in first.
            lazy: async () => ({ Component: (await import('./guards')).RequireAccess }),
            children: [
              { path: paths.home, element: <Navigate to={paths.calculator} replace /> },
              {
                path: paths.calculator,
                lazy: async () => ({
                  Component: (await import('../features/calculator/pages/calculator-page'))
                    .CalculatorPage,
                }),
              },
              {
                path: paths.book,
                lazy: async () => ({
                  Component: (await import('../features/booking/pages/booking-page')).BookingPage,
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
                path: paths.unauthorized,
                lazy: async () => ({
                  Component: (await import('../features/unauthorized/pages/unauthorized-page'))
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
                path: paths.driver,
                lazy: async () => ({
                  Component: (await import('../features/driver/pages/driver-home-page'))
                    .DriverHomePage,
                }),
              },
              {
                path: paths.driverJobs,
                lazy: async () => ({
                  Component: (await import('../features/driver/pages/driver-jobs-page'))
                    .DriverJobsPage,
                }),
              },
              {
                path: paths.driverHistory,
                lazy: async () => ({
                  Component: (await import('../features/driver/pages/driver-history-page'))
                    .DriverHistoryPage,
                }),
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
