import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { LOGIN_REDIRECT_DELAY_MS } from '@shared/constants/ui';
import { RequireAuth } from './components/layout/RequireAuth';
import { FullPageSpinner } from './components/ui/spinner';
import { toast } from './components/ui/use-toast';
import { useAuth } from './features/auth/use-auth';

// Public pages: small chunks that never pull in the authenticated application.
const Landing = lazy(() => import('./pages/public/Landing'));
const Pricing = lazy(() => import('./pages/public/Pricing'));
const Tutorials = lazy(() => import('./pages/public/Tutorials'));
const GettingStarted = lazy(() => import('./pages/public/GettingStarted'));
const Home = lazy(() => import('./pages/public/Home'));
const DebugSidebar = lazy(() => import('./pages/public/DebugSidebar'));
const TestChecklist = lazy(() => import('./pages/public/TestChecklist'));
const SignIn = lazy(() => import('./pages/public/SignIn'));
const Setup = lazy(() => import('./pages/public/Setup'));
const Invite = lazy(() => import('./pages/public/Invite'));
const NotFound = lazy(() => import('./pages/public/NotFound'));

// The authenticated application.
const AppShell = lazy(() =>
  import('./components/layout/AppShell').then((m) => ({ default: m.AppShell })),
);
const Dashboard = lazy(() => import('./pages/app/Dashboard'));
const FarCompliance = lazy(() => import('./pages/app/FarCompliance'));
const AiAuditCompliance = lazy(() => import('./pages/app/AiAuditCompliance'));
const DocumentGeneration = lazy(() => import('./pages/app/DocumentGeneration'));
const FleetInsight = lazy(() => import('./pages/app/FleetInsight'));
const ComplianceChecklist = lazy(() => import('./pages/app/ComplianceChecklist'));
const RegulatoryCompliance = lazy(() => import('./pages/app/RegulatoryCompliance'));
const RegulatoryAlerts = lazy(() => import('./pages/app/RegulatoryAlerts'));
const LinkMonitor = lazy(() => import('./pages/app/LinkMonitor'));
const DocumentImport = lazy(() => import('./pages/app/DocumentImport'));
const DocumentDetail = lazy(() => import('./pages/app/DocumentDetail'));
const ComplianceRecords = lazy(() => import('./pages/app/ComplianceRecords'));
const TrainingEventDetail = lazy(() => import('./pages/app/TrainingEventDetail'));
const TrainingEventImport = lazy(() => import('./pages/app/TrainingEventImport'));
const AdminDashboard = lazy(() => import('./pages/app/AdminDashboard'));
const Users = lazy(() => import('./pages/app/Users'));
const MobileField = lazy(() => import('./pages/app/MobileField'));
const Support = lazy(() => import('./pages/app/Support'));
const Settings = lazy(() => import('./pages/app/Settings'));
const Analytics = lazy(() => import('./pages/app/Analytics'));

/** Authenticated area. At '/' a signed-out visitor simply gets the landing page. */
function Protected() {
  const { pathname } = useLocation();
  const { isLoading, isAuthenticated } = useAuth();
  if (pathname === '/' && !isLoading && !isAuthenticated) return <Landing />;
  return (
    <RequireAuth fallback={<Landing />}>
      <AppShell />
    </RequireAuth>
  );
}

/** Field operations check sign-in on the screen itself, with their own message (spec §2.6). */
function FieldGate() {
  const { isLoading, isAuthenticated } = useAuth();
  const signedOut = !isLoading && !isAuthenticated;
  useEffect(() => {
    if (!signedOut) return;
    toast({
      title: 'Authentication Required',
      description: 'Please log in to access field operations',
      variant: 'destructive',
    });
    const timer = setTimeout(() => {
      window.location.href = '/api/login?next=%2Fmobile-field';
    }, LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedOut]);
  if (isLoading || signedOut) return <FullPageSpinner />;
  return <AppShell />;
}

function AdminOnly({ children }: { children: ReactNode }) {
  const { can } = useAuth();
  return can('manageOrganization') ? <>{children}</> : <NotFound />;
}

export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={<FullPageSpinner />}>
        <Routes>
          <Route path="/home" element={<Home />} />
          <Route path="/pricing" element={<Pricing />} />
          <Route path="/tutorials" element={<Tutorials />} />
          <Route path="/getting-started" element={<GettingStarted />} />
          <Route path="/debug-sidebar" element={<DebugSidebar />} />
          <Route path="/test-checklist" element={<TestChecklist />} />
          <Route path="/api/login" element={<SignIn />} />
          <Route path="/setup" element={<Setup />} />
          <Route path="/invite" element={<Invite />} />
          <Route element={<FieldGate />}>
            <Route path="/mobile-field" element={<MobileField />} />
          </Route>
          <Route element={<Protected />}>
            <Route path="/" element={<Dashboard />} />
            <Route path="/dashboard" element={<Dashboard />} />
            <Route path="/far-compliance" element={<FarCompliance />} />
            <Route path="/ai-audit-compliance" element={<AiAuditCompliance />} />
            <Route path="/document-generation" element={<DocumentGeneration />} />
            <Route path="/fleet-insight" element={<FleetInsight />} />
            <Route path="/compliance-checklist" element={<ComplianceChecklist />} />
            <Route path="/regulatory-compliance" element={<RegulatoryCompliance />} />
            <Route path="/regulatory-alerts" element={<RegulatoryAlerts />} />
            <Route path="/link-monitor" element={<LinkMonitor />} />
            <Route path="/document-import" element={<DocumentImport />} />
            <Route path="/documents/:id" element={<DocumentDetail />} />
            <Route path="/compliance-records" element={<ComplianceRecords />} />
            <Route path="/compliance-records/import" element={<TrainingEventImport />} />
            <Route path="/compliance-records/:id" element={<TrainingEventDetail />} />
            <Route
              path="/admin-dashboard"
              element={
                <AdminOnly>
                  <AdminDashboard />
                </AdminOnly>
              }
            />
            <Route
              path="/users"
              element={
                <AdminOnly>
                  <Users />
                </AdminOnly>
              }
            />
            <Route path="/support" element={<Support />} />
            <Route path="/settings" element={<Settings />} />
            <Route path="/ml-training" element={<Analytics />} />
          </Route>
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
