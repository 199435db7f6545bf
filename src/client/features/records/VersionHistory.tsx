import type { TFunction } from 'i18next';
import { History } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
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
import { recordFieldLabel, statusWord } from './labels';
import { useTrainingEventVersions } from './use-training-events';

/** A value as the ledger holds it; a status is the one word of the reader's language for it. */
const shown = (t: TFunction, field: string, value: string | null) =>
  value === null ? (
    <span className="italic text-muted-foreground">{t('versions.empty')}</span>
  ) : field === 'status' ? (
    statusWord(t, value)
  ) : (
    value
  );

function Author({ version, first }: { version: TrainingEventVersion; first: boolean }) {
  const { t } = useTranslation('records');
  const date = formatDateTime(version.recordedAt);
  const by = version.changedBy;
  if (!by) {
    return first
      ? t('versions.createdByUnknown', { date })
      : t('versions.changedByUnknown', { date });
  }
  const values = { name: by.name || by.email, date };
  const components = { who: <span className="text-foreground" title={by.email} /> };
  return first ? (
    <Trans t={t} i18nKey="versions.createdBy" values={values} components={components} />
  ) : (
    <Trans t={t} i18nKey="versions.changedBy" values={values} components={components} />
  );
}

function Version({ version, current }: { version: TrainingEventVersion; current: boolean }) {
  const { t } = useTranslation('records');
  const first = version.version === 1;
  return (
    <li
      className="grid gap-2 py-3"
      aria-label={t('versions.version', { version: version.version })}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="font-semibold">{t('versions.version', { version: version.version })}</span>
        {current && <Badge variant="info">{t('versions.current')}</Badge>}
        <span className="text-muted-foreground">
          <Author version={version} first={first} />
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <span>{t('versions.leaf', { index: version.ledgerIndex })}</span>
        <HashCell
          hash={version.leafHash}
          subject={t('hash.subjects.version', { version: version.version })}
        />
      </div>
      {version.changes.length > 0 && (
        <ul className="grid gap-1 rounded-md bg-muted/40 p-2 text-sm">
          {version.changes.map((change) => (
            <li key={change.field} className="break-words">
              <span className="font-medium">{recordFieldLabel(t, change.field)}</span>
              {t('versions.fieldSeparator')}
              {first ? (
                shown(t, change.field, change.to)
              ) : (
                <>
                  <del className="text-muted-foreground">{shown(t, change.field, change.from)}</del>
                  {' → '}
                  <ins className="no-underline">{shown(t, change.field, change.to)}</ins>
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
  const { t } = useTranslation('records');
  const versions = useTrainingEventVersions(id);
  const list = versions.data ? [...versions.data].reverse() : [];
  return (
    <Card role="region" aria-label={t('versions.title')}>
      <CardHeader>
        <CardTitle>{t('versions.title')}</CardTitle>
        <CardDescription>{t('versions.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {versions.isPending ? (
          <Spinner label={t('versions.loading')} />
        ) : versions.isError ? (
          <QueryError error={versions.error} what={t('versions.what')} />
        ) : list.length === 0 ? (
          <EmptyState icon={History} title={t('versions.noneTitle')}>
            {t('versions.none')}
          </EmptyState>
        ) : (
          <ol className="divide-y" aria-label={t('versions.listLabel')}>
            {list.map((version, i) => (
              <Version key={version.version} version={version} current={i === 0} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
