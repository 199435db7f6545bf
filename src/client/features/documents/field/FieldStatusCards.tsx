import { isToday, parseISO } from 'date-fns';
import { CalendarCheck, FileText, MapPin, MapPinOff, Wifi, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DocumentSummary } from '@shared/api/records';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { QueryError, RoleNote } from '../../dashboard/QueryError';
import { DocumentStatusBadge, DocumentStatusIcon } from '../DocumentStatus';
import { hasBeenRead } from '../use-document';
import type { LocationState } from './use-current-location';

/** Spec §9: Recent Uploads shows the first three documents. */
const RECENT_UPLOADS = 3;

type DocumentsQuery = {
  data?: DocumentSummary[];
  isPending: boolean;
  isError: boolean;
  error: unknown;
};

function DocumentsBody({
  documents,
  allowed,
  children,
}: {
  documents: DocumentsQuery;
  allowed: boolean;
  children: (docs: DocumentSummary[]) => ReactNode;
}) {
  if (!allowed) return <RoleNote>Available to admins, instructors and auditors.</RoleNote>;
  if (documents.isPending) return <Spinner label="Loading documents" />;
  if (documents.isError) return <QueryError error={documents.error} what="the documents" />;
  return <>{children(documents.data ?? [])}</>;
}

export function TodayCard({ documents, allowed }: { documents: DocumentsQuery; allowed: boolean }) {
  return (
    <Card className="p-4">
      <p className="mb-2 flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <CalendarCheck aria-hidden className="size-4" /> Today
      </p>
      <DocumentsBody documents={documents} allowed={allowed}>
        {(docs) => {
          const today = docs.filter((doc) => isToday(parseISO(doc.createdAt)));
          const done = today.filter((doc) => hasBeenRead(doc)).length;
          const failed = today.filter((doc) => doc.status === 'error').length;
          return (
            <>
              <p className="text-3xl font-semibold tabular-nums">{today.length}</p>
              <p className="text-xs text-muted-foreground">
                {today.length === 1 ? 'document' : 'documents'} uploaded today
                {today.length > 0 && ` · ${done} processed${failed ? ` · ${failed} failed` : ''}`}
              </p>
            </>
          );
        }}
      </DocumentsBody>
    </Card>
  );
}

export function ConnectionCard({ online }: { online: boolean }) {
  const Icon = online ? Wifi : WifiOff;
  return (
    <Card className="p-4">
      <p className="mb-2 flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <Icon aria-hidden className={cn('size-4', online ? 'text-green-600' : 'text-red-600')} />{' '}
        Connection
      </p>
      <p className={cn('text-xl font-semibold', online ? 'text-green-700' : 'text-red-700')}>
        {online ? 'Online' : 'Offline'}
      </p>
      <p className="text-xs text-muted-foreground">
        {online
          ? 'Captures upload when you press Process.'
          : 'Process is unavailable until the connection returns.'}
      </p>
    </Card>
  );
}

export function RecentUploadsCard({
  documents,
  allowed,
}: {
  documents: DocumentsQuery;
  allowed: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Uploads</CardTitle>
      </CardHeader>
      <CardContent>
        <DocumentsBody documents={documents} allowed={allowed}>
          {(docs) =>
            docs.length === 0 ? (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <FileText aria-hidden className="size-4" /> No documents uploaded yet
              </p>
            ) : (
              <ul className="divide-y">
                {docs.slice(0, RECENT_UPLOADS).map((doc) => (
                  <li key={doc.id} className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
                    <DocumentStatusIcon status={doc.status} />
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium" title={doc.originalName}>
                        {doc.originalName}
                      </p>
                      <p className="text-xs text-muted-foreground">
                        {formatDateTime(doc.createdAt)}
                      </p>
                    </div>
                    <DocumentStatusBadge status={doc.status} />
                  </li>
                ))}
              </ul>
            )
          }
        </DocumentsBody>
      </CardContent>
    </Card>
  );
}

export function LocationCard({ location }: { location: LocationState }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {location.status === 'known' ? (
            <MapPin aria-hidden className="size-4 text-green-600" />
          ) : (
            <MapPinOff aria-hidden className="size-4 text-muted-foreground" />
          )}
          Current Location
        </CardTitle>
      </CardHeader>
      <CardContent>
        {location.status === 'locating' && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner className="size-4" label="Finding your location" /> Finding your location…
          </p>
        )}
        {location.status === 'unavailable' && (
          <p className="text-sm text-muted-foreground">
            Location unavailable. Captures are uploaded without a position.
          </p>
        )}
        {location.status === 'known' && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Latitude</dt>
            <dd className="font-mono tabular-nums">{location.coords.lat.toFixed(6)}</dd>
            <dt className="text-muted-foreground">Longitude</dt>
            <dd className="font-mono tabular-nums">{location.coords.lng.toFixed(6)}</dd>
            <dt className="text-muted-foreground">Accuracy</dt>
            <dd className="tabular-nums">± {Math.round(location.coords.accuracy)} m</dd>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
