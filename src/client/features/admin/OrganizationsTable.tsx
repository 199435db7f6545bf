import { Building2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { findPlan } from '@shared/constants/plans';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { ApiError } from '../../lib/api';
import { formatDate, formatNumber } from '../../lib/format';
import { useOrganizations } from './use-admin';

export function OrganizationsTable() {
  const { t } = useTranslation('admin');
  const organizations = useOrganizations();
  if (organizations.isLoading) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-7" label={t('organizations.loading')} />
      </div>
    );
  }
  if (organizations.isError) {
    const { error } = organizations;
    return (
      <EmptyState icon={Building2} title={t('organizations.failed')}>
        {error instanceof ApiError ? error.userMessage : t('organizations.checkConnection')}
      </EmptyState>
    );
  }
  if (!organizations.data?.length)
    return <EmptyState icon={Building2} title={t('organizations.empty')} />;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>{t('organizations.name')}</TableHead>
          <TableHead>{t('organizations.plan')}</TableHead>
          <TableHead className="text-right">{t('organizations.users')}</TableHead>
          <TableHead>{t('organizations.created')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {organizations.data.map((org) => (
          <TableRow key={org.id}>
            <TableCell className="font-medium whitespace-nowrap">{org.name}</TableCell>
            <TableCell className="whitespace-nowrap">
              {findPlan(org.plan)?.name ?? org.plan}
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(org.userCount)}</TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground">
              {formatDate(org.createdAt)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
