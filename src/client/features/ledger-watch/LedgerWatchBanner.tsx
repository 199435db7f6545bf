import { KeyRound, ShieldAlert, X } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useLedgerWatch } from './use-ledger-watch';
import type { LedgerWatch } from './watch-ledger';

const rootPrefix = (hex: string) => `${hex.slice(0, 16)}…`;

type Alarm = Extract<LedgerWatch, { status: 'alarm' }>;

function HistoryAlarm({ watch }: { watch: Alarm }) {
  const { t } = useTranslation('ledger-watch');
  const { seen } = watch;
  const unsigned = watch.kind === 'unsigned';
  // What the server's log does now; an unsigned checkpoint says nothing about its size.
  const size = watch.current?.treeSize ?? 0;
  const detail = unsigned
    ? t('alarm.detail.unsigned')
    : t(`alarm.detail.${watch.kind}`, { count: size, n: formatNumber(size) });
  return (
    <div role="alert" className="border-b border-red-300 bg-red-50 px-4 py-3 text-red-950 sm:px-6">
      <div className="mx-auto flex max-w-6xl gap-3">
        <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-red-700" />
        <div className="grid gap-1 text-sm [overflow-wrap:anywhere]">
          <p className="font-semibold">
            {unsigned ? t('alarm.unsignedTitle') : t('alarm.changedTitle')}
          </p>
          {seen && !unsigned ? (
            <p>
              <Trans
                t={t}
                i18nKey="alarm.seen"
                count={seen.treeSize}
                values={{
                  date: formatDateTime(seen.seenAt),
                  n: formatNumber(seen.treeSize),
                  root: rootPrefix(seen.rootHash),
                  detail,
                }}
                components={{
                  strong: <strong className="tabular-nums" />,
                  code: <code className="rounded bg-red-100 px-1 font-mono text-xs" />,
                }}
              />
            </p>
          ) : (
            <p>{detail}</p>
          )}
          <p>{t('alarm.advice')}</p>
        </div>
      </div>
    </div>
  );
}

function NewKeyNotice({ fingerprint, onDismiss }: { fingerprint: string; onDismiss: () => void }) {
  const { t } = useTranslation('ledger-watch');
  return (
    <div
      role="status"
      className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 sm:px-6"
    >
      <div className="mx-auto flex max-w-6xl items-start gap-3">
        <KeyRound aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <div className="grid flex-1 gap-1 text-sm">
          <p className="font-semibold">{t('newKey.title')}</p>
          <p>{t('newKey.text')}</p>
          <code className="font-mono text-xs break-all">{fingerprint}</code>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 shrink-0"
          aria-label={t('newKey.dismiss')}
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
