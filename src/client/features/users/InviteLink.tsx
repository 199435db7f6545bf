import { Check, Copy, Mail } from 'lucide-react';
import { useRef, useState } from 'react';
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
  const url = `${window.location.origin}${invitePath}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  const onCopy = async () => {
    if (await copyText(url, inputRef.current)) {
      setCopied(true);
      toast({ title: 'Link copied', description: `Send it to ${email}.` });
    } else {
      inputRef.current?.select();
      toast({
        title: 'Copy the selected link',
        description: 'Your browser did not allow copying; press Ctrl+C or ⌘C.',
      });
    }
  };

  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor="invite-link">Invitation link</Label>
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
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          Expires {formatDateTime(expiresAt)}. It works once; a new link replaces this one.
        </p>
      </div>
      <div className="flex gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        <Mail aria-hidden className="mt-0.5 size-4 shrink-0" />
        {emailed ? (
          <p>
            The invitation was e-mailed to <strong className="break-words">{email}</strong>. If it
            does not arrive, send them this link yourself; they choose their own password when they
            open it.
          </p>
        ) : (
          <p>
            E-mail is not set up on this installation. Send this link to{' '}
            <strong className="break-words">{email}</strong> yourself; they choose their own
            password when they open it.
          </p>
        )}
      </div>
    </div>
  );
}
