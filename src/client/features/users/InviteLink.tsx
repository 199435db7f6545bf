import { Check, Copy, Mail } from 'lucide-react';
import { useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/use-toast';
import { formatDateTime } from '../../lib/format';

async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // The Clipboard API needs a secure context; plain-HTTP installations fall back to a selection.
    input?.select();
    return document.execCommand?.('copy') ?? false;
  }
}

/**
 * The one-time invitation link. With e-mail configured it is also on its way to the invitee;
 * without, the admin hands it over.
 */
export function InviteLink({
  invitePath,
  expiresAt,
  email,
  emailed,
}: {
  invitePath: string;
  expiresAt: string;
  email: string;
  emailed: boolean;
}) {
  const { t } = useTranslation('users');
  const url = `${window.location.origin}${invitePath}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const emphasis = { strong: <strong className="break-words" /> };

  const onCopy = async () => {
    if (await copyText(url, inputRef.current)) {
      setCopied(true);
      toast({ title: t('inviteLink.copied'), description: t('inviteLink.sendTo', { email }) });
    } else {
      inputRef.current?.select();
      toast({
        title: t('inviteLink.copyManually'),
        description: t('inviteLink.copyManuallyDescription'),
      });
    }
  };

  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor="invite-link">{t('inviteLink.label')}</Label>
        <div className="flex gap-2">
          <Input
            id="invite-link"
            ref={inputRef}
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
            className="font-mono text-xs"
          />
          <Button type="button" variant="outline" onClick={onCopy}>
            {copied ? <Check /> : <Copy />}
            {copied ? t('inviteLink.copiedButton') : t('inviteLink.copy')}
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          {t('inviteLink.expires', { date: formatDateTime(expiresAt) })}
        </p>
      </div>
      <div className="flex gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        <Mail aria-hidden className="mt-0.5 size-4 shrink-0" />
        <p>
          {emailed ? (
            <Trans t={t} i18nKey="inviteLink.emailed" values={{ email }} components={emphasis} />
          ) : (
            <Trans t={t} i18nKey="inviteLink.notEmailed" values={{ email }} components={emphasis} />
          )}
        </p>
      </div>
    </div>
  );
}
