import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/utils';
import { QueryError, RoleNote } from './QueryError';

interface ChartCardProps {
  title: string;
  description: string;
  /** What failed to load, for the error line: in the reader's language, with its article. */
  what: string;
  query: { isPending: boolean; isError: boolean; error: unknown };
  /** When set, the role cannot read this data and the card says so. */
  roleNote?: string;
  empty: { when: boolean; icon: LucideIcon; title: string; text: string };
  className?: string;
  children: ReactNode;
}

/** A card around one figure of the Analytics screen, with its loading, error and empty states. */
export function ChartCard({
  title,
  description,
  what,
  query,
  roleNote,
  empty,
  className,
  children,
}: ChartCardProps) {
  const { t } = useTranslation('dashboard');
  let body: ReactNode;
  if (roleNote) body = <RoleNote>{roleNote}</RoleNote>;
  else if (query.isPending)
    body = (
      <div className="flex justify-center py-8">
        <Spinner label={t('chartCard.loading', { what })} />
      </div>
    );
  else if (query.isError) body = <QueryError error={query.error} what={what} />;
  else if (empty.when)
    body = (
      <EmptyState icon={empty.icon} title={empty.title} className="py-8">
        {empty.text}
      </EmptyState>
    );
  else body = children;

  return (
    <Card className={cn('flex flex-col', className)}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">{body}</CardContent>
    </Card>
  );
}
