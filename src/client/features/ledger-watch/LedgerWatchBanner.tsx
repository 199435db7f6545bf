import { KeyRound, ShieldAlert, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { formatDateTime } from '../../lib/format';
import { useLedgerWatch } from './use-ledger-watch';
import type { LedgerWatch } from './watch-ledger';

const rootPrefix = (hex: string) => `${hex.slice(0, 16)}…`;

function HistoryAlarm({ watch }: { watch: Extract<LedgerWatch, { status: 'alarm' }> }) {
  const { seen } = watch;
  const unsigned = watch.kind === 'unsigned';
  return (
    <div role="alert" className="border-b border-red-300 bg-red-50 px-4 py-3 text-red-950 sm:px-6">
      <div className="mx-auto flex max-w-6xl gap-3">
        <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-red-700" />
        <div className="grid gap-1 text-sm [overflow-wrap:anywhere]">
          <p className="font-semibold">
            {unsigned
              ? 'Ledger checkpoint not signed by your organization'
              : 'Ledger history changed'}
          </p>
          {seen && !unsigned ? (
            <p>
              On {formatDateTime(seen.seenAt)} this browser saw your organization’s log at{' '}
              <strong className="tabular-nums">{seen.treeSize}</strong> leaves, root{' '}
              <code className="rounded bg-red-100 px-1 font-mono text-xs">
                {rootPrefix(seen.rootHash)}
              </code>
              . The server’s log no longer contains that checkpoint. {watch.detail}
            </p>
          ) : (
            <p>{watch.detail}</p>
          )}
          <p>
            Do not rely on the records shown here until this is explained. Contact your
            organization’s witnesses and auditors, and keep this browser’s data: it is the evidence.
          </p>
        </div>
      </div>
    </div>
  );
}

function NewKeyNotice({ fingerprint, onDismiss }: { fingerprint: string; onDismiss: () => void }) {
  return (
    <div
      role="status"
      className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 sm:px-6"
    >
      <div className="mx-auto flex max-w-6xl items-start gap-3">
        <KeyRound aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <div className="grid flex-1 gap-1 text-sm">
          <p className="font-semibold">The ledger signing key changed</p>
          <p>
            The log is now signed by a key this browser has not seen before. A rotation is
            legitimate, but compare its fingerprint with the one your organization handed out:
          </p>
          <code className="font-mono text-xs break-all">{fingerprint}</code>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 shrink-0"
          aria-label="Dismiss the key change notice"
          onClick={onDismiss}
        >
          <X />
        </Button>
      </div>
    </div>
  );
}

/**
 * What this browser found when it compared the server's checkpoint with the ones it kept: a red
 * alarm when history changed, an amber notice when a new key signs. Nothing when all is well.
 */
export function LedgerWatchBanner() {
  const watch = useLedgerWatch();
  const [dismissed, setDismissed] = useState(false);
  const data = watch.data;
  if (!data) return null;
  if (data.status === 'alarm') return <HistoryAlarm watch={data} />;
  if (data.status === 'consistent' && data.newKey && !dismissed) {
    return (
      <NewKeyNotice fingerprint={data.newKey.fingerprint} onDismiss={() => setDismissed(true)} />
    );
  }
  return null;
}
