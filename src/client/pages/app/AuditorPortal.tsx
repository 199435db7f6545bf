import {
  Bell,
  BookCheck,
  ClipboardCheck,
  FileArchive,
  FileStack,
  History,
  ShieldCheck,
  UserCheck,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { proofArchiveQuery, type ReportScope } from '@shared/api/reports';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { TextField } from '../../components/ui/form-field';
import { useMyAuditorAccess } from '../../features/auditor-access/use-auditor-access';
import { scopeLabel } from '../../features/auditor-access/scope-label';
import { LedgerCard } from '../../features/auditor-portal/LedgerCard';
import { useAuth } from '../../features/auth/use-auth';
import { readerMessage } from '../../i18n/messages';
import { formatDateTime } from '../../lib/format';

interface Section {
  id: string;
  icon: LucideIcon;
  /** An application screen, or a file the browser downloads. */
  to: string;
  download?: boolean;
  /** Open to an access limited to one course, instructor or trainee. */
  scoped?: boolean;
}

const SECTIONS: Section[] = [
  { id: 'records', icon: FileStack, to: '/compliance-records', scoped: true },
  { id: 'instructors', icon: UserCheck, to: '/instructors' },
  { id: 'checklist', icon: ClipboardCheck, to: '/compliance-checklist' },
  { id: 'documents', icon: BookCheck, to: '/document-import' },
  { id: 'alerts', icon: Bell, to: '/regulatory-alerts' },
  { id: 'auditTrail', icon: History, to: '/api/audit-logs/export.csv', download: true },
];

const SECTION_LINK =
  'flex h-full items-start gap-3 rounded-lg border bg-card p-4 transition-colors hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring';

const today = () => new Date().toISOString().slice(0, 10);
const yearAgo = () => new Date(Date.now() - 365 * 24 * 3600_000).toISOString().slice(0, 10);

/** Every record of a period in the reader's scope, with its proof, for checking offline. */
function ProofArchiveCard({ scope }: { scope: ReportScope }) {
  const { t } = useTranslation('auditor');
  const [from, setFrom] = useState(yearAgo);
  const [to, setTo] = useState(today);
  const [error, setError] = useState<string | null>(null);
  const query = {
    from,
    to,
    scope: scope.kind,
    ...(scope.kind === 'organization' ? {} : { value: scope.value ?? '' }),
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('archive.title')}</CardTitle>
        <CardDescription>{t('archive.description', { scope: scopeLabel(scope) })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="archive-from"
            label={t('archive.from')}
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
          <TextField
            id="archive-to"
            label={t('archive.to')}
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </div>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {readerMessage(error)}
          </p>
        )}
        <div>
          <Button asChild variant="outline">
            <a
              href={`/api/reports/proof-archive?${new URLSearchParams(query)}`}
              download
              onClick={(event) => {
                const parsed = proofArchiveQuery.safeParse(query);
                setError(parsed.success ? null : (parsed.error.issues[0]?.message ?? ''));
                if (!parsed.success) event.preventDefault();
              }}
            >
              <FileArchive /> {t('archive.download')}
            </a>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * Where an Auditor lands: what they may read, the ledger with its proofs checked in the browser,
 * and for an external auditor the access they were given. Nothing here writes.
 */
export default function AuditorPortal() {
  const { t } = useTranslation('auditor');
  const { user } = useAuth();
  const external = user?.externalAccess ?? null;
  const mine = useMyAuditorAccess(external !== null);
  if (!user) return null;
  const scope: ReportScope = external?.scope ?? { kind: 'organization' };
  const sections = SECTIONS.filter((s) => scope.kind === 'organization' || s.scoped);
  const access = mine.data?.access;
  // An external auditor, an Auditor of the organization, or someone else looking at their view.
  const voice = external ? 'external' : user.role === 'auditor' ? 'internal' : 'preview';

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <Card>
        <CardHeader>
          <div className="flex items-center gap-2">
            <ShieldCheck aria-hidden className="size-5 text-primary" />
            <CardTitle>{t(`access.${voice}Title`)}</CardTitle>
          </div>
          <CardDescription>
            {t(`access.${voice}`, { organization: user.organizationName })}
          </CardDescription>
        </CardHeader>
        {external && (
          <CardContent>
            <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
              <dt className="text-muted-foreground">{t('access.scope')}</dt>
              <dd className="font-medium">{scopeLabel(external.scope)}</dd>
              <dt className="text-muted-foreground">{t('access.ends')}</dt>
              <dd className="font-medium">{formatDateTime(external.expiresAt)}</dd>
              {access?.purpose && (
                <>
                  <dt className="text-muted-foreground">{t('access.purpose')}</dt>
                  <dd>{access.purpose}</dd>
                </>
              )}
              {access && (
                <>
                  <dt className="text-muted-foreground">{t('access.issuedBy')}</dt>
                  <dd>{access.issuedBy}</dd>
                </>
              )}
            </dl>
          </CardContent>
        )}
      </Card>

      <section aria-labelledby="portal-sections" className="grid gap-3">
        <h2 id="portal-sections" className="text-lg font-semibold">
          {t('sections.title')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {sections.map((section) => {
            const body = (
              <>
                <section.icon aria-hidden className="size-5 shrink-0 text-primary" />
                <span className="grid gap-1">
                  <span className="font-medium">{t(`sections.${section.id}.title`)}</span>
                  <span className="text-sm text-muted-foreground">
                    {t(`sections.${section.id}.description`)}
                  </span>
                </span>
              </>
            );
            const className = SECTION_LINK;
            return (
              <li key={section.id}>
                {section.download ? (
                  <a href={section.to} download className={className}>
                    {body}
                  </a>
                ) : (
                  <Link to={section.to} className={className}>
                    {body}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <LedgerCard />
      <ProofArchiveCard scope={scope} />
    </div>
  );
}
