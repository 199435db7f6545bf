import { ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RegulationEntry } from '@shared/api/regulatory';
import { Card, CardContent } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { formatDate } from '../../lib/format';
import { withChecklistArea } from './regulatory';

/** Required Actions: every regulation's actions with their deadline, each a link to act on. */
export function RequiredActionsList({ regulations }: { regulations: readonly RegulationEntry[] }) {
  const { t } = useTranslation('regulatory');
  const withActions = regulations.filter((r) => r.requiredActions.length > 0);
  return (
    <Card>
      <CardContent className="grid gap-5 p-5">
        {withActions.length === 0 ? (
          <EmptyState icon={ListChecks} title={t('actions.empty')} />
        ) : (
          withActions.map((r) => (
            <section key={r.id} aria-labelledby={`actions-${r.id}`} className="grid gap-2">
              <h3
                id={`actions-${r.id}`}
                className="flex flex-wrap items-baseline gap-2 font-semibold"
              >
                {r.regulation}
                <span className="text-sm font-normal text-muted-foreground">
                  {r.country}
                  {r.actionDeadline &&
                    ` · ${t('actions.due', { date: formatDate(r.actionDeadline) })}`}
                </span>
              </h3>
              <ul className="grid gap-1.5 text-sm">
                {r.requiredActions.map((a) => (
                  <li key={a.text} className="flex gap-2">
                    <ListChecks
                      aria-hidden
                      className="mt-0.5 size-4 shrink-0 text-muted-foreground"
                    />
                    <Link
                      to={withChecklistArea(a.href)}
                      className="text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary"
                    >
                      {a.text}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </CardContent>
    </Card>
  );
}
