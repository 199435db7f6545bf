import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  consistencyProof,
  headHistory,
  ledgerVerification,
  type HeadHistory,
} from '@shared/api/ledger';
import { verifyConsistency } from '@shared/ledger/merkle';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { ApiError, apiRequest } from '../../lib/api';
import { formatDateTime, formatNumber } from '../../lib/format';

type Head = HeadHistory['heads'][number];

const failureText = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.userMessage : fallback;

/**
 * One earlier head against the newest: the server's RFC 9162 consistency proof, checked here in
 * the browser, so the answer does not rest on the server's word.
 */
function ConsistencyCheck({ older, newest }: { older: Head; newest: Head }) {
  const { t } = useTranslation('auditor');
  const check = useMutation({
    mutationFn: async () => {
      const answer = await apiRequest(
        'GET',
        `/api/ledger/proof/consistency?from=${older.treeSize}&to=${newest.treeSize}`,
        undefined,
        consistencyProof,
      );
      return verifyConsistency(
        older.treeSize,
        newest.treeSize,
        older.rootHash,
        newest.rootHash,
        answer.proof,
      );
    },
  });
  if (check.isPending) return <Spinner label={t('ledger.checking')} />;
  if (check.isSuccess) {
    return check.data ? (
      <span className="inline-flex items-center gap-1 text-sm text-green-700">
        <CheckCircle2 aria-hidden className="size-4" /> {t('ledger.consistent')}
      </span>
    ) : (
      <span role="alert" className="inline-flex items-center gap-1 text-sm text-destructive">
        <XCircle aria-hidden className="size-4" /> {t('ledger.inconsistent')}
      </span>
    );
  }
  return (
    <div className="grid justify-items-end gap-1">
      <Button variant="outline" size="sm" onClick={() => check.mutate()}>
        {t('ledger.checkConsistency')}
        <span className="sr-only"> {formatNumber(older.treeSize)}</span>
      </Button>
      {check.isError && (
        <p role="alert" className="text-xs text-destructive">
          {failureText(check.error, t('ledger.checkConnection'))}
        </p>
      )}
    </div>
  );
}

/** The ledger as an auditor reads it: its signed heads, a fresh verification, and proofs. */
export function LedgerCard() {
  const { t } = useTranslation('auditor');
  const heads = useQuery({
    queryKey: ['/api/ledger/heads', 'portal'],
    queryFn: () => apiRequest('GET', '/api/ledger/heads?limit=10', undefined, headHistory),
  });
  const [verifyNow, setVerifyNow] = useState(false);
  const verification = useQuery({
    queryKey: ['/api/ledger/verify'],
    enabled: verifyNow,
    staleTime: 0,
    queryFn: () => apiRequest('GET', '/api/ledger/verify', undefined, ledgerVerification),
  });
  const list = heads.data?.heads ?? [];
  const newest = list[0];

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>{t('ledger.title')}</CardTitle>
          <CardDescription>{t('ledger.description')}</CardDescription>
        </div>
        <Button
          onClick={() => {
            if (verifyNow) void verification.refetch();
            else setVerifyNow(true);
            // The heads as they stand when the verification ran.
            void heads.refetch();
          }}
          disabled={verification.isFetching}
        >
          {verification.isFetching ? t('ledger.verifying') : t('ledger.verify')}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        {verification.data && (
          <div
            role="status"
            className={
              verification.data.ok
                ? 'rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900'
                : 'rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900'
            }
          >
            <p className="font-medium">
              {verification.data.ok ? t('ledger.verified') : t('ledger.notVerified')}
            </p>
            <p>
              {t('ledger.verifiedDetail', {
                leaves: formatNumber(verification.data.leavesChecked),
                heads: formatNumber(verification.data.headsChecked),
                records: formatNumber(verification.data.recordsChecked),
              })}
            </p>
            {verification.data.firstMismatch && (
              <p className="mt-1 font-mono text-xs">{verification.data.firstMismatch.message}</p>
            )}
          </div>
        )}
        {verification.isError && (
          <p role="alert" className="text-sm text-destructive">
            {failureText(verification.error, t('ledger.checkConnection'))}
          </p>
        )}
        {heads.isLoading ? (
          <Spinner label={t('ledger.loading')} />
        ) : heads.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {failureText(heads.error, t('ledger.checkConnection'))}
          </p>
        ) : !newest ? (
          <p className="text-sm text-muted-foreground">{t('ledger.empty')}</p>
        ) : (
          <div className="overflow-x-auto">
            <Table>
              <caption className="mb-2 text-left text-sm text-muted-foreground">
                {t('ledger.history', {
                  shown: formatNumber(list.length),
                  total: formatNumber(heads.data?.total ?? list.length),
                })}
              </caption>
              <TableHeader>
                <TableRow>
                  <TableHead className="text-right">{t('ledger.size')}</TableHead>
                  <TableHead>{t('ledger.root')}</TableHead>
                  <TableHead>{t('ledger.signed')}</TableHead>
                  <TableHead>{t('ledger.signature')}</TableHead>
                  <TableHead className="text-right">
                    <span className="sr-only">{t('ledger.proof')}</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.map((head) => (
                  <TableRow key={head.treeSize}>
                    <TableCell className="text-right tabular-nums">
                      {formatNumber(head.treeSize)}
                    </TableCell>
                    <TableCell className="font-mono text-xs" title={head.rootHash}>
                      {head.rootHash.slice(0, 16)}…
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {formatDateTime(head.timestamp)}
                    </TableCell>
                    <TableCell>
                      <Badge variant={head.signatureValid ? 'success' : 'destructive'}>
                        {head.signatureValid
                          ? t('ledger.signatureValid')
                          : t('ledger.signatureBad')}
                      </Badge>
                    </TableCell>
                    <TableCell className="text-right">
                      {head.treeSize === newest.treeSize ? (
                        <span className="text-sm text-muted-foreground">{t('ledger.newest')}</span>
                      ) : (
                        <ConsistencyCheck older={head} newest={newest} />
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
