import { useQueryClient } from '@tanstack/react-query';
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
import { Progress } from '../../../components/ui/misc';
import { toast } from '../../../components/ui/use-toast';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { ApiError, isUnauthorized } from '../../../lib/api';
import { AUTH_KEY, useAuth } from '../../auth/use-auth';
import { formatBytes } from '../file-rules';
import { uploadErrorMessage } from '../upload-document';
import { CaptureOverlay } from './CaptureOverlay';
import { takeCapture, type Capture } from './capture';
import type { LocationState } from './use-current-location';
import { useFieldUpload } from './use-field-upload';

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
}: {
  online: boolean;
  location: LocationState;
}) {
  const { t } = useTranslation('documents');
  const { user, can } = useAuth();
  const upload = useFieldUpload();
  const queryClient = useQueryClient();
  const notesId = useId();
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [capture, setCapture] = useState<Capture | null>(null);
  const file = capture?.file ?? null;
  const [notes, setNotes] = useState('');
  const [progress, setProgress] = useState(0);
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

  const process = () => {
    if (!file) return;
    setServerError(null);
    setProgress(0);
    upload.mutate(
      {
        capture: capture!,
        notes,
        inspector: user?.email ?? 'Unknown',
        onProgress: setProgress,
      },
      {
        onSuccess: () => {
          toast({
            title: t('mobile.capture.successTitle'),
            description: t('mobile.capture.successBody'),
          });
          setCapture(null);
          setNotes('');
        },
        onError: (error) => {
          toast({
            title: t('mobile.capture.failedTitle'),
            description: t('mobile.capture.failedBody'),
            variant: 'destructive',
          });
          setServerError(
            error instanceof ApiError
              ? `${error.status}: ${uploadErrorMessage(error)}`
              : uploadErrorMessage(error),
          );
          // A lapsed session: refreshing it lets the field gate send the user to sign-in.
          if (isUnauthorized(error)) void queryClient.invalidateQueries({ queryKey: AUTH_KEY });
        },
      },
    );
  };

  const uploading = upload.isPending;
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
        {uploading && <Progress value={progress} label={t('mobile.capture.progressLabel')} />}
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
          onClick={process}
          disabled={!file || !online || uploading}
        >
          {!online ? (
            <>
              <WifiOff /> {t('mobile.offline')}
            </>
          ) : uploading ? (
            <>
              <Loader2 className="animate-spin" />{' '}
              {t('mobile.capture.processing', {
                percent: formatNumber(progress / 100, { style: 'percent' }),
              })}
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
