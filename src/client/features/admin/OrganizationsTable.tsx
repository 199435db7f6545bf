import { Building2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
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
import { formatBytes } from '../documents/file-rules';
import { useOrganizations } from './use-admin';

/** The organization's details and what it uses of its plan: seats and documents against the limits. */
export function OrganizationsTable() {
  const { t, i18n } = useTranslation('admin');
  const usage = (used: number, limit: number | null) =>
    limit === null
      ? t('organizations.unlimited', { used: formatNumber(used) })
      : t('organizations.ofLimit', { used: formatNumber(used), limit: formatNumber(limit) });
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
          <TableHead className="text-right">{t('organizations.documents')}</TableHead>
          <TableHead className="text-right">{t('organizations.storage')}</TableHead>
          <TableHead>{t('organizations.created')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {organizations.data.map((org) => (
          <TableRow key={org.id}>
            <TableCell className="font-medium whitespace-nowrap">{org.name}</TableCell>
            <TableCell className="whitespace-nowrap">
              {i18n.exists(`users:seats.plans.${org.plan}`)
                ? t(`users:seats.plans.${org.plan}`)
                : org.plan}
            </TableCell>
            <TableCell className="text-right tabular-nums whitespace-nowrap">
              {usage(org.userCount, org.userLimit)}
            </TableCell>
            <TableCell className="text-right tabular-nums whitespace-nowrap">
              {usage(org.documentCount, org.documentLimit)}
            </TableCell>
            <TableCell className="text-right tabular-nums whitespace-nowrap">
              {formatBytes(org.storageBytes)}
            </TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground">
              {formatDate(org.createdAt)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
