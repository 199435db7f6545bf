import { Eye, Send, ShieldAlert, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { LedgerWitness } from '@shared/api/ledger';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
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
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { cn } from '../../lib/utils';
import { useAuth } from '../auth/use-auth';
import { QueryError } from '../dashboard/QueryError';
import { AddWitnessForm } from './AddWitnessForm';
import { Fingerprint } from './LedgerKeyCard';
import { useRemoveWitness, useSendCheckpoint, useWitnesses } from './use-ledger';

const failed = (title: string, error: unknown) =>
  toast({
    title,
    description: error instanceof ApiError ? error.userMessage : 'Check your connection.',
    variant: 'destructive',
  });

function RemoveWitnessDialog({ witness }: { witness: LedgerWitness }) {
  const [open, setOpen] = useState(false);
  const remove = useRemoveWitness();
  const onRemove = async () => {
    try {
      await remove.mutateAsync(witness.id);
      setOpen(false);
    } catch (error) {
      failed('The witness was not removed', error);
    }
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Remove witness ${witness.name}`}>
          <Trash2 /> Remove
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Remove {witness.name}?</DialogTitle>
          <DialogDescription>
            It will no longer be sent checkpoints. The cosignatures it already gave are kept and
            still checked.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" onClick={onRemove} disabled={remove.isPending}>
            {remove.isPending && <Spinner label="Removing" />} Remove witness
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function CosignedCell({ witness, treeSize }: { witness: LedgerWitness; treeSize: number }) {
  if (witness.alarm) return <Badge variant="destructive">Refused: alarm</Badge>;
  if (witness.cosignedSize === null) {
    return <span className="text-muted-foreground">Not cosigned yet</span>;
  }
  const current = witness.cosignedSize === treeSize;
  return (
    <span className="grid justify-items-start gap-1">
      <span className="tabular-nums">
        cosigned {witness.cosignedSize} of {treeSize} leaves
      </span>
      <Badge variant={current ? 'success' : 'warning'}>{current ? 'Up to date' : 'Behind'}</Badge>
    </span>
  );
}

function WitnessAlarm({ witnesses }: { witnesses: LedgerWitness[] }) {
  return (
    <div role="alert" className="flex gap-3 rounded-md border border-red-300 bg-red-50 p-3">
      <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-red-700" />
      <div className="grid gap-1 text-sm text-red-950 [overflow-wrap:anywhere]">
        <p className="font-semibold">
          {witnesses.length === 1
            ? `Witness ${witnesses[0]!.name} refused a checkpoint`
            : `${witnesses.length} witnesses refused a checkpoint`}
        </p>
        <p>
          A witness refuses when the log no longer extends a checkpoint it cosigned: the history of
          your records was changed. Do not rely on them until this is explained.
        </p>
        <ul className="list-disc pl-5">
          {witnesses.map((w) => (
            <li key={w.id}>
              <strong>{w.name}</strong>: {w.alarm}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** Independent servers that cosign the log's checkpoints and refuse a rewritten history. */
export function WitnessesCard() {
  const witnesses = useWitnesses();
  const send = useSendCheckpoint();
  const { can } = useAuth();
  const manage = can('manageOrganization');
  const list = witnesses.data?.witnesses ?? [];
  const alarmed = list.filter((w) => w.alarm);

  const onSend = async () => {
    try {
      await send.mutateAsync();
      toast({
        title: 'Checkpoint sent',
        description: 'The witnesses are being asked to cosign it.',
      });
    } catch (error) {
      failed('The checkpoint was not sent', error);
    }
  };

  return (
    <Card role="region" aria-labelledby="witnesses-title">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle id="witnesses-title" className="flex items-center gap-2">
            <Eye aria-hidden className="size-4" /> Witnesses
          </CardTitle>
          <CardDescription>
            Each witness keeps the latest checkpoint it cosigned and signs a new one only if the log
            still contains the old.
          </CardDescription>
        </div>
        {manage && list.length > 0 && (
          <Button variant="outline" onClick={onSend} disabled={send.isPending}>
            {send.isPending ? <Spinner label="Sending" /> : <Send />} Send checkpoint now
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {witnesses.isPending ? (
          <div className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner label="Loading the witnesses" /> Loading the witnesses…
          </div>
        ) : witnesses.isError ? (
          <QueryError error={witnesses.error} what="the witnesses" />
        ) : list.length === 0 ? (
          <EmptyState icon={Eye} title="No witnesses yet">
            A witness is an independent server, run by a partner centre or an auditor with{' '}
            <code className="font-mono text-xs">npm run witness</code>, that remembers your log’s
            checkpoints and refuses to cosign a history that was rewritten. Add one below with the
            URL and verifier key its operator gives you.
          </EmptyState>
        ) : (
          <>
            {alarmed.length > 0 && <WitnessAlarm witnesses={alarmed} />}
            <div className="overflow-x-auto rounded-md border">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Witness</TableHead>
                    <TableHead>Cosigned</TableHead>
                    <TableHead className="whitespace-nowrap">Last success</TableHead>
                    <TableHead className="whitespace-nowrap">Last error</TableHead>
                    {manage && (
                      <TableHead>
                        <span className="sr-only">Actions</span>
                      </TableHead>
                    )}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {list.map((w) => (
                    <TableRow
                      key={w.id}
                      data-testid="witness-row"
                      className={cn(w.alarm && 'bg-red-50 hover:bg-red-50')}
                    >
                      <TableCell className="min-w-64 align-top">
                        <p className="font-medium break-all">{w.name}</p>
                        <p className="text-xs text-muted-foreground break-all">{w.url}</p>
                        <Fingerprint
                          value={w.fingerprint}
                          className="mt-1 max-w-80 font-mono text-[11px] text-muted-foreground"
                        />
                      </TableCell>
                      <TableCell className="align-top whitespace-nowrap">
                        <CosignedCell witness={w} treeSize={witnesses.data.treeSize} />
                      </TableCell>
                      <TableCell className="align-top whitespace-nowrap">
                        {w.lastSuccessAt ? (
                          formatDateTime(w.lastSuccessAt)
                        ) : (
                          <span className="text-muted-foreground">Never</span>
                        )}
                      </TableCell>
                      <TableCell className="max-w-72 align-top text-xs [overflow-wrap:anywhere]">
                        {w.lastError === null ? (
                          <span className="text-muted-foreground">None</span>
                        ) : w.alarm !== null && w.lastError === w.alarm ? (
                          <span className="text-red-800">Refused the checkpoint (see above)</span>
                        ) : (
                          w.lastError
                        )}
                      </TableCell>
                      {manage && (
                        <TableCell className="align-top text-right">
                          <RemoveWitnessDialog witness={w} />
                        </TableCell>
                      )}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </>
        )}
        {manage && <AddWitnessForm />}
      </CardContent>
    </Card>
  );
}
