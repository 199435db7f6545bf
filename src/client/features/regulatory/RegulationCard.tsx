import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RegulationEntry } from '@shared/api/regulatory';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { formatDate, formatDateTime, formatNumber } from '../../lib/format';
import { useStopWatching } from './use-regulatory';
import {
  changeHref,
  FIRST_SHOWN,
  LEVEL_BADGES,
  PRIORITY_BADGES,
  withChecklistArea,
} from './regulatory';

function More({ shown, total, href }: { shown: number; total: number; href: string }) {
  const { t } = useTranslation('regulatory');
  if (total <= shown) return null;
  return (
    <Link
      to={href}
      className="text-sm text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary"
    >
      {t('card.more', { count: total - shown })}
    </Link>
  );
}

/** One regulation: its level and the rule that gave it, the first 3 pending changes and actions. */
export function RegulationCard({
  regulation: r,
  watched = false,
  canManage = false,
}: {
  regulation: RegulationEntry;
  /** Watched as a page by the Link Monitor (no versioned text). */
  watched?: boolean;
  canManage?: boolean;
}) {
  const { t } = useTranslation('regulatory');
  const headingId = `regulation-${r.id}`;
  const stop = useStopWatching();
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader className="gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <CardTitle id={headingId} className="text-base">
            {r.regulation}
          </CardTitle>
          <p className="text-sm text-muted-foreground">
            {r.country} ·{' '}
            {watched
              ? t('card.watched')
              : r.currentVersion
                ? t('card.currentVersion', { date: formatDate(r.currentVersion) })
                : t('card.currentVersionNone')}
          </p>
        </div>
        <div className="flex items-center gap-2 self-start">
          <Badge variant={LEVEL_BADGES[r.complianceLevel]}>{t(`level.${r.complianceLevel}`)}</Badge>
          {watched && canManage && (
            <Button
              variant="outline"
              size="sm"
              disabled={stop.isPending}
              onClick={() => stop.mutate(r.id)}
              aria-label={t('card.stopWatchingLabel', { name: r.regulation })}
            >
              {t('card.stopWatching')}
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm">{r.levelReason}</p>
        <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-xs text-muted-foreground">{t('card.lastChecked')}</dt>
            <dd>{r.lastChecked ? formatDateTime(r.lastChecked) : t('card.never')}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{t('card.nextReview')}</dt>
            <dd>{r.nextReviewDate ? formatDate(r.nextReviewDate) : t('card.notScheduled')}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{t('card.actionDeadline')}</dt>
            <dd>{r.actionDeadline ? formatDate(r.actionDeadline) : t('card.none')}</dd>
          </div>
        </dl>
        <div className="grid gap-4 md:grid-cols-2">
          <section
            aria-label={t('card.pendingLabel', { name: r.regulation })}
            className="grid content-start gap-2"
          >
            <h4 className="text-sm font-semibold">
              {t('card.pendingTitle', { total: formatNumber(r.pendingChanges.length) })}
            </h4>
            {r.pendingChanges.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('card.nonePending')}</p>
            ) : (
              <ul className="grid gap-2">
                {r.pendingChanges.slice(0, FIRST_SHOWN).map((c) => (
                  <li key={c.id} className="grid gap-1 text-sm">
                    <span className="flex flex-wrap items-center gap-2">
                      <Badge variant={PRIORITY_BADGES[c.priority]} className="capitalize">
                        {t(`priority.${c.priority}`)}
                      </Badge>
                      {/* A watched page's change is a Link Monitor alert, not a stored amendment. */}
                      <Link
                        to={watched ? '/link-monitor' : changeHref(c.id)}
                        className="font-medium text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary"
                      >
                        {watched
                          ? t('card.pageOf', { section: c.section })
                          : `§${c.section}${c.paragraphs.join(', ')}`}
                      </Link>
                      <span className="text-xs text-muted-foreground">
                        {t('card.effective', { date: formatDate(c.effectiveDate) })}
                      </span>
                    </span>
                    <span className="text-muted-foreground">{c.description}</span>
                  </li>
                ))}
              </ul>
            )}
            <More
              shown={FIRST_SHOWN}
              total={r.pendingChanges.length}
              href="/regulatory-compliance?tab=changes"
            />
          </section>
          <section
            aria-label={t('card.actionsLabel', { name: r.regulation })}
            className="grid content-start gap-2"
          >
            <h4 className="text-sm font-semibold">
              {t('card.actionsTitle', { total: formatNumber(r.requiredActions.length) })}
            </h4>
            {r.requiredActions.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('card.noneRequired')}</p>
            ) : (
              <ul className="grid gap-1 text-sm">
                {r.requiredActions.slice(0, FIRST_SHOWN).map((a) => (
                  <li key={a.text}>
                    <Link
                      to={withChecklistArea(a.href)}
                      className="text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary"
                    >
                      {a.text}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            <More
              shown={FIRST_SHOWN}
              total={r.requiredActions.length}
              href="/regulatory-compliance?tab=actions"
            />
          </section>
        </div>
      </CardContent>
    </Card>
  );
}
