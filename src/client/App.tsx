import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { FullPageSpinner } from './components/ui/spinner';
import { isSignedOutAtLoad } from './features/auth/session-hint';
import { loadPublicPages } from './i18n/lite';

/** A public page other than the landing page: its chunk and its text arrive together. */
const publicPage = <T,>(load: () => Promise<T>) =>
  lazy(() => Promise.all([load(), loadPublicPages()]).then(([page]) => page as never));

// Public pages: small chunks that never pull in the authenticated application.
const Landing = lazy(() => import('./pages/public/Landing'));
const Pricing = publicPage(() => import('./pages/public/Pricing'));
const Tutorials = publicPage(() => import('./pages/public/Tutorials'));
const GettingStarted = publicPage(() => import('./pages/public/GettingStarted'));
const Home = publicPage(() => import('./pages/public/Home'));
const DebugSidebar = publicPage(() => import('./pages/public/DebugSidebar'));
const TestChecklist = publicPage(() => import('./pages/public/TestChecklist'));
const SignIn = lazy(() => import('./pages/public/SignIn'));
const Setup = lazy(() => import('./pages/public/Setup'));
const Invite = lazy(() => import('./pages/public/Invite'));
const ConfirmSignOut = lazy(() => import('./pages/public/ConfirmSignOut'));
const ResetPassword = lazy(() => import('./pages/public/ResetPassword'));
const SignUp = lazy(() => import('./pages/public/SignUp'));
const ConfirmEmail = lazy(() => import('./pages/public/ConfirmEmail'));
const NotFound = publicPage(() => import('./pages/public/NotFound'));

// What the application's screens stand on, and the sign-in gates: kept out of the landing page.
const AppProviders = lazy(() => import('./components/layout/AppProviders'));
const gate = <K extends 'Protected' | 'FieldGate' | 'AdminOnly'>(name: K) =>
  lazy(() => import('./components/layout/route-gates').then((m) => ({ default: m[name] })));
const Protected = gate('Protected');
const FieldGate = gate('FieldGate');
const AdminOnly = gate('AdminOnly');

// The authenticated application.
const Dashboard = lazy(() => import('./pages/app/Dashboard'));
const FarCompliance = lazy(() => import('./pages/app/FarCompliance'));
const AiAuditCompliance = lazy(() => import('./pages/app/AiAuditCompliance'));
const DocumentGeneration = lazy(() => import('./pages/app/DocumentGeneration'));
const FleetInsight = lazy(() => import('./pages/app/FleetInsight'));
const DeviceDetail = lazy(() => import('./pages/app/DeviceDetail'));
const ComplianceChecklist = lazy(() => import('./pages/app/ComplianceChecklist'));
const RegulatoryCompliance = lazy(() => import('./pages/app/RegulatoryCompliance'));
const RegulatoryAlerts = lazy(() => import('./pages/app/RegulatoryAlerts'));
const LinkMonitor = lazy(() => import('./pages/app/LinkMonitor'));
const DocumentImport = lazy(() => import('./pages/app/DocumentImport'));
const DocumentDetail = lazy(() => import('./pages/app/DocumentDetail'));
const ComplianceRecords = lazy(() => import('./pages/app/ComplianceRecords'));
const TrainingEventDetail = lazy(() => import('./pages/app/TrainingEventDetail'));
const TrainingEventImport = lazy(() => import('./pages/app/TrainingEventImport'));
const Instructors = lazy(() => import('./pages/app/Instructors'));
const InstructorDetail = lazy(() => import('./pages/app/InstructorDetail'));
const AdminDashboard = lazy(() => import('./pages/app/AdminDashboard'));
const Users = lazy(() => import('./pages/app/Users'));
const MobileField = lazy(() => import('./pages/app/MobileField'));
const Support = lazy(() => import('./pages/app/Support'));
const HelpArticle = lazy(() => import('./pages/app/HelpArticle'));
const SupportTicket = lazy(() => import('./pages/app/SupportTicket'));
const Settings = lazy(() => import('./pages/app/Settings'));
const Analytics = lazy(() => import('./pages/app/Analytics'));
const AuditorPortal = lazy(() => import('./pages/app/AuditorPortal'));

/**
 * A visitor the server saw signed out gets the landing page at '/' straight away: without the
 * query client, tooltips and toaster, so the first page downloads only what it shows.
 */
function AppFrame() {
  const { pathname } = useLocation();
  if (pathname === '/' && isSignedOutAtLoad()) return <Landing />;
  return <AppProviders />;
}

export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={<FullPageSpinner />}>
        <Routes>
          <Route element={<AppFrame />}>
            <Route path="/home" element={<Home />} />
            <Route path="/pricing" element={<Pricing />} />
            <Route path="/tutorials" element={<Tutorials />} />
            <Route path="/getting-started" element={<GettingStarted />} />
            <Route path="/debug-sidebar" element={<DebugSidebar />} />
            <Route path="/test-checklist" element={<TestChecklist />} />
            <Route path="/api/login" element={<SignIn />} />
            <Route path="/setup" element={<Setup />} />
            <Route path="/invite" element={<Invite />} />
            <Route path="/sign-out" element={<ConfirmSignOut />} />
            <Route path="/reset-password" element={<ResetPassword />} />
            <Route path="/signup" element={<SignUp />} />
            <Route path="/confirm-email" element={<ConfirmEmail />} />
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
              <Route path="/fleet-insight/devices/:id" element={<DeviceDetail />} />
              <Route path="/compliance-checklist" element={<ComplianceChecklist />} />
              <Route path="/regulatory-compliance" element={<RegulatoryCompliance />} />
              <Route path="/regulatory-alerts" element={<RegulatoryAlerts />} />
              <Route path="/link-monitor" element={<LinkMonitor />} />
              <Route path="/document-import" element={<DocumentImport />} />
              <Route path="/documents/:id" element={<DocumentDetail />} />
              <Route path="/compliance-records" element={<ComplianceRecords />} />
              <Route path="/compliance-records/import" element={<TrainingEventImport />} />
              <Route path="/compliance-records/:id" element={<TrainingEventDetail />} />
              <Route path="/instructors" element={<Instructors />} />
              <Route path="/instructors/:id" element={<InstructorDetail />} />
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
              <Route path="/auditor-portal" element={<AuditorPortal />} />
              <Route path="/support" element={<Support />} />
              <Route path="/support/articles/:id" element={<HelpArticle />} />
              <Route path="/support/tickets/:id" element={<SupportTicket />} />
              <Route path="/settings" element={<Settings />} />
              <Route path="/ml-training" element={<Analytics />} />
            </Route>
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
