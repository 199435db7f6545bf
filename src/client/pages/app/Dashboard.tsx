import { Navigate, useLocation } from 'react-router';
import { landsOnPortal } from '../../features/auditor-access/scope-label';
import { useAuth } from '../../features/auth/use-auth';
import { ComplianceAlerts } from '../../features/dashboard/ComplianceAlerts';
import { DocumentValidation } from '../../features/dashboard/DocumentValidation';
import { RecentActivity } from '../../features/dashboard/RecentActivity';
import { StatCards } from '../../features/dashboard/StatCards';
import { UploadPanel } from '../../features/documents/UploadPanel';
import { useIsMobile } from '../../lib/use-is-mobile';

export default function Dashboard() {
  const mobile = useIsMobile();
  const { user } = useAuth();
  const { pathname } = useLocation();
  if (landsOnPortal(user, pathname)) return <Navigate to="/auditor-portal" replace />;

  if (mobile) {
    return (
      <div className="grid grid-cols-1 gap-4">
        <StatCards compact />
        <ComplianceAlerts />
        <UploadPanel compact />
        <RecentActivity />
        <DocumentValidation />
      </div>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <StatCards />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <div className="grid grid-cols-1 gap-6 lg:col-span-2">
          <UploadPanel />
          <DocumentValidation />
        </div>
        <div className="grid grid-cols-1 gap-6">
          <RecentActivity />
          <ComplianceAlerts />
        </div>
      </div>
    </div>
  );
}
