import { Camera, FileText, Loader2, Lock, Send, WifiOff, X } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { formatDateTime } from '../../../lib/format';
import { useAuth } from '../../auth/use-auth';
import { formatBytes } from '../file-rules';
import { CaptureOverlay } from './CaptureOverlay';
import { takeCapture, type Capture } from './capture';
import { enqueue, requestBackgroundSend } from './capture-queue';
import type { LocationState } from './use-current-location';

function FilePreview({
  capture,
  onCancel,
  disabled,
}: {
  capture: Capture;
  onCancel: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('documents');
  const file = capture.file;
  const url = useMemo(
    () => (file.type.startsWith('image/') ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return (
    <div className="flex items-center gap-3 rounded-md border p-2">
      {url ? (
        <img src={url} alt="" className="size-16 shrink-0 rounded object-cover" />
      ) : (
        <span className="flex size-16 shrink-0 items-center justify-center rounded bg-muted">
          <FileText aria-hidden className="size-6 text-muted-foreground" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium" title={file.name}>
          {file.name}
        </p>
        <p className="text-xs text-muted-foreground">
          {capture.original
            ? t('mobile.capture.resized', {
                from: formatBytes(capture.original.bytes),
                to: formatBytes(file.size),
              })
            : formatBytes(file.size)}
        </p>
        <p className="truncate font-mono text-[11px] text-muted-foreground" title={capture.sha256}>
          {t('mobile.capture.hash', {
            hash: `${capture.sha256.slice(0, 12)}…${capture.sha256.slice(-6)}`,
            time: formatDateTime(capture.capturedAt),
          })}
        </p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('mobile.capture.discardName')}
        title={t('mobile.capture.discardTitle')}
        onClick={onCancel}
        disabled={disabled}
      >
        <X />
      </Button>
    </div>
  );
}

export function FieldCapturePanel({
  online,
  location,
  onQueued,
}: {
  online: boolean;
  location: LocationState;
  /** After a capture is kept on the device: send what waits. */
  onQueued: () => void;
}) {
  const { t } = useTranslation('documents');
  const { user, can } = useAuth();
  const notesId = useId();
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [capture, setCapture] = useState<Capture | null>(null);
  const file = capture?.file ?? null;
  const [notes, setNotes] = useState('');
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  if (!can('manageDocuments')) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>{t('mobile.capture.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="flex items-start gap-2 rounded-md bg-muted p-3 text-sm text-muted-foreground">
            <Lock aria-hidden className="mt-0.5 size-4 shrink-0" /> {t('upload.yourRoleCannot')}{' '}
            {t('upload.whoCan')}
          </p>
        </CardContent>
      </Card>
    );
  }

  // Every capture goes through the device's queue: kept first, then sent when it can be.
  const process = async () => {
    if (!capture) return;
    setServerError(null);
    setSaving(true);
    try {
      await enqueue(capture, { inspector: user?.email ?? 'Unknown', notes });
      // Sent by the service worker once there is a connection, even if this page is closed.
      void requestBackgroundSend();
      toast({
        title: t('mobile.queue.saved'),
        description: online ? t('mobile.queue.savedOnline') : t('mobile.queue.savedOffline'),
      });
      setCapture(null);
      setNotes('');
      onQueued();
    } catch (error) {
      setServerError(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  const uploading = saving;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('mobile.capture.title')}</CardTitle>
        <CardDescription>{t('mobile.capture.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {file ? (
          <FilePreview
            capture={capture!}
            disabled={uploading}
            onCancel={() => {
              setCapture(null);
              setServerError(null);
            }}
          />
        ) : (
          <Button size="lg" className="h-14 w-full text-base" onClick={() => setOverlayOpen(true)}>
            <Camera className="size-5!" /> {t('mobile.capture.title')}
          </Button>
        )}
        <div className="grid grid-cols-1 gap-1.5">
          <Label htmlFor={notesId}>{t('mobile.capture.notesLabel')}</Label>
          <Textarea
            id={notesId}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            placeholder={t('mobile.capture.notesPlaceholder')}
            disabled={uploading}
          />
          {location.status === 'unavailable' && (
            <p className="text-xs text-muted-foreground">{t('mobile.capture.noLocation')}</p>
          )}
        </div>
        {serverError && (
          <p
            role="alert"
            className="rounded-md border border-destructive/30 bg-destructive/5 p-2 text-xs text-destructive"
          >
            {serverError}
          </p>
        )}
        <Button
          size="lg"
          className="w-full"
          onClick={() => void process()}
          disabled={!file || uploading}
        >
          {uploading ? (
            <Loader2 className="animate-spin" />
          ) : !online ? (
            <>
              <WifiOff /> {t('mobile.queue.saveOffline')}
            </>
          ) : (
            <>
              <Send /> {t('mobile.capture.process')}
            </>
          )}
        </Button>
      </CardContent>
      <CaptureOverlay
        open={overlayOpen}
        onOpenChange={setOverlayOpen}
        onFile={(picked) => {
          setServerError(null);
          // Hashed, dated and placed the moment it is taken, before anything else is done with it.
          takeCapture(picked, location).then(setCapture, (error: unknown) =>
            setServerError(error instanceof Error ? error.message : String(error)),
          );
        }}
      />
    </Card>
  );
}
