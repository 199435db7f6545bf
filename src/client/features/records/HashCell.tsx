import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';

function abbreviate(hash: string) {
  return hash.length > 18 ? `${hash.slice(0, 10)}…${hash.slice(-6)}` : hash;
}

/** The ledger hash, shortened on screen, whole in the title and on the clipboard. */
export function HashCell({ hash, subject }: { hash: string | null; subject: string }) {
  const { t } = useTranslation('records');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  if (!hash) return <span className="text-xs text-muted-foreground">{t('hash.notSubmitted')}</span>;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(hash);
      setCopied(true);
    } catch {
      toast({
        title: t('hash.copyFailed'),
        description: t('hash.copyFailedDescription'),
        variant: 'destructive',
      });
    }
  };

  return (
    <span className="inline-flex items-center gap-1">
      <code
        translate="no"
        title={hash}
        className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs"
      >
        {abbreviate(hash)}
      </code>
      <Button
        variant="ghost"
        size="icon"
        className="size-7"
        onClick={copy}
        aria-label={t('hash.copy', { subject })}
        title={copied ? t('hash.copied') : t('hash.copyTitle')}
      >
        {copied ? <Check className="text-green-600" /> : <Copy />}
      </Button>
      <span className="sr-only" aria-live="polite">
        {copied ? t('hash.announced') : ''}
      </span>
    </span>
  );
}
