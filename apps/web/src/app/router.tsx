import { lazy, Suspense, type ReactNode } from 'react';
import { LoginPage } from '../features/login/login-page.tsx';
import { LogoutPage } from '../features/logout/logout-page.tsx';
import { Navigate, Routes, type Route } from '../lib/router.tsx';
import { isLoggedIn } from '../lib/session.ts';
import { loadDashboardPage, loadQueryShell, preloadDashboard } from './dashboard-preload.ts';
import { PageLoader } from '../components/page-loader.tsx';

const DashboardPage = lazy(loadDashboardPage);
const ProfilePage = lazy(() => import('../features/profile/profile-page.tsx'));
const TestPage = lazy(() => import('./test-page.tsx'));
const QueryShell = lazy(loadQueryShell);

/** A lazily loaded page inside the data-fetching provider (also lazy: the login route needs neither). */
const lazyPage = (node: ReactNode) => (
  <Suspense fallback={<PageLoader />}>
    <QueryShell>{node}</QueryShell>
  </Suspense>
);

/** Dashboard: only with sessionTime 0, else the login screen. */
function DashboardRoute() {
  if (!isLoggedIn()) return <Navigate to="/v2/user/login" replace />;
  preloadDashboard();
  return lazyPage(<DashboardPage />);
}

/** Profile: only with sessionTime 0, else the dashboard (which sends on to login). */
function ProfileRoute() {
  return isLoggedIn() ? lazyPage(<ProfilePage />) : <Navigate to="/v2/user/dashboard" replace />;
}

/** Login: a signed-in user goes to the dashboard. */
function LoginRoute() {
  return isLoggedIn() ? <Navigate to="/v2/user/dashboard" replace /> : <LoginPage />;
}

/** The route table of the spec (exact matches); any other path goes to the dashboard. */
const routes: Route[] = [
  { path: '/v2/user/dashboard', element: <DashboardRoute /> },
  { path: '/v2/user/profile', element: <ProfileRoute /> },
  { path: '/v2/user/logout', element: <LogoutPage /> },
  { path: '/v2/user/test', element: lazyPage(<TestPage />) },
  { path: '/v2/user/', element: <LoginRoute /> },
  { path: '/v2/user/login', element: <LoginRoute /> },
];

export function AppRoutes() {
  return <Routes routes={routes} fallback={<Navigate to="/v2/user/dashboard" replace />} />;
}
