import { History } from 'lucide-react';
import { recordFieldLabel } from '@shared/api/fields';
import type { TrainingEventVersion } from '@shared/api/training-events';
import { Badge } from '../../components/ui/badge';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/format';
import { QueryError } from '../dashboard/QueryError';
import { HashCell } from './HashCell';
import { useTrainingEventVersions } from './use-training-events';

const shown = (value: string | null) =>
  value === null ? <span className="italic text-muted-foreground">empty</span> : value;

function Version({ version, current }: { version: TrainingEventVersion; current: boolean }) {
  const first = version.version === 1;
  return (
    <li className="grid gap-2 py-3" aria-label={`Version ${version.version}`}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="font-semibold">Version {version.version}</span>
        {current && <Badge variant="info">Current</Badge>}
        <span className="text-muted-foreground">
          {first ? 'created' : 'changed'} by{' '}
          {version.changedBy ? (
            <span className="text-foreground" title={version.changedBy.email}>
              {version.changedBy.name || version.changedBy.email}
            </span>
          ) : (
            'an unknown user'
          )}{' '}
          on {formatDateTime(version.recordedAt)}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <span>Ledger leaf #{version.ledgerIndex}</span>
        <HashCell hash={version.leafHash} subject={`version ${version.version}`} />
      </div>
      {version.changes.length > 0 && (
        <ul className="grid gap-1 rounded-md bg-muted/40 p-2 text-sm">
          {version.changes.map((change) => (
            <li key={change.field} className="break-words">
              <span className="font-medium">{recordFieldLabel(change.field)}</span>
              {': '}
              {first ? (
                shown(change.to)
              ) : (
                <>
                  <del className="text-muted-foreground">{shown(change.from)}</del>
                  {' → '}
                  <ins className="no-underline">{shown(change.to)}</ins>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** Every version of the record read back from the ledger: who changed what, and when. */
export function VersionHistory({ id }: { id: string }) {
  const versions = useTrainingEventVersions(id);
  const list = versions.data ? [...versions.data].reverse() : [];
  return (
    <Card role="region" aria-label="Versions">
      <CardHeader>
        <CardTitle>Versions</CardTitle>
        <CardDescription>
          Each version is its own leaf in the ledger; earlier versions are never overwritten.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {versions.isPending ? (
          <Spinner label="Loading versions" />
        ) : versions.isError ? (
          <QueryError error={versions.error} what="the versions" />
        ) : list.length === 0 ? (
          <EmptyState icon={History} title="No versions in the ledger">
            This record has no leaf in the ledger.
          </EmptyState>
        ) : (
          <ol className="divide-y" aria-label="Versions, newest first">
            {list.map((version, i) => (
              <Version key={version.version} version={version} current={i === 0} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
