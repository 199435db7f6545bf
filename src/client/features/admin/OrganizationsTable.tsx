import { Building2 } from 'lucide-react';
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
import { formatDate } from '../../lib/format';
import { useOrganizations } from './use-admin';

export function OrganizationsTable() {
  const organizations = useOrganizations();
  if (organizations.isLoading) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-7" label="Loading organizations" />
      </div>
    );
  }
  if (organizations.isError) {
    const { error } = organizations;
    return (
      <EmptyState icon={Building2} title="Organizations could not be loaded">
        {error instanceof ApiError
          ? error.userMessage
          : 'Check your connection and reload the page.'}
      </EmptyState>
    );
  }
  if (!organizations.data?.length) return <EmptyState icon={Building2} title="No organizations" />;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Plan</TableHead>
          <TableHead className="text-right">Users</TableHead>
          <TableHead>Created</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {organizations.data.map((org) => (
          <TableRow key={org.id}>
            <TableCell className="font-medium whitespace-nowrap">{org.name}</TableCell>
            <TableCell className="whitespace-nowrap">
              {findPlan(org.plan)?.name ?? org.plan}
            </TableCell>
            <TableCell className="text-right tabular-nums">{org.userCount}</TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground">
              {formatDate(org.createdAt)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
