import { Camera, Check, Image as ImageIcon, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';
import { useCamera } from './use-camera';

type Mode = 'choose' | 'camera' | 'review';

/** Full-screen capture: camera with a framing guide and shutter, or a pick from the gallery. */
export function CaptureOverlay({
  open,
  onOpenChange,
  onFile,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onFile: (file: File) => void;
}) {
  const { t } = useTranslation('documents');
  const camera = useCamera();
  const galleryRef = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<Mode>('choose');
  const [photo, setPhoto] = useState<{ file: File; url: string } | null>(null);

  useEffect(
    () => () => {
      if (photo) URL.revokeObjectURL(photo.url);
    },
    [photo],
  );

  const close = () => {
    camera.stop();
    setPhoto(null);
    setMode('choose');
    onOpenChange(false);
  };
  const hand = (file: File) => {
    onFile(file);
    close();
  };
  const openCamera = async () => {
    setPhoto(null);
    if (await camera.start()) setMode('camera');
    else setMode('choose');
  };
  const shoot = async () => {
    const file = await camera.capture();
    if (!file) return;
    setPhoto({ file, url: URL.createObjectURL(file) });
    setMode('review');
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="left-0 top-0 flex h-dvh max-h-none w-full max-w-none translate-x-0 translate-y-0 flex-col gap-0 rounded-none border-0 bg-slate-950 p-0 text-white">
        <header className="flex items-center gap-3 px-4 py-3 pr-12">
          <div>
            <DialogTitle className="text-base">{t('mobile.capture.title')}</DialogTitle>
            <DialogDescription className="text-xs text-slate-300">
              {t(`mobile.overlay.hint.${mode}`)}
            </DialogDescription>
          </div>
        </header>

        <div className="relative flex min-h-0 flex-1 items-center justify-center overflow-hidden bg-black">
          {mode === 'choose' && (
            <div className="grid grid-cols-1 w-full max-w-sm gap-3 p-6">
              <Button
                size="lg"
                onClick={openCamera}
                className="bg-white text-slate-950 hover:bg-slate-200"
              >
                <Camera /> {t('mobile.overlay.useCamera')}
              </Button>
              <Button
                size="lg"
                variant="outline"
                onClick={() => galleryRef.current?.click()}
                className="border-slate-600 bg-transparent text-white hover:bg-white/10"
              >
                <ImageIcon /> {t('mobile.overlay.gallery')}
              </Button>
              <input
                ref={galleryRef}
                type="file"
                accept="image/*,application/pdf"
                hidden
                data-testid="gallery-input"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) hand(file);
                }}
              />
            </div>
          )}
          {mode === 'camera' && camera.active && (
            <>
              <video
                ref={camera.attachVideo}
                autoPlay
                playsInline
                muted
                aria-label={t('mobile.overlay.preview')}
                className="h-full w-full object-contain"
              />
              <div
                aria-hidden
                className="pointer-events-none absolute inset-6 flex items-center justify-center sm:inset-12"
              >
                <div className="relative h-full max-h-[80vh] w-full max-w-xl rounded-lg border-2 border-dashed border-white/70 shadow-[0_0_0_9999px_rgba(0,0,0,0.35)]">
                  <span className="absolute -top-7 left-1/2 -translate-x-1/2 whitespace-nowrap rounded bg-black/60 px-2 py-0.5 text-xs">
                    {t('mobile.overlay.align')}
                  </span>
                </div>
              </div>
            </>
          )}
          {mode === 'review' && photo && (
            <img
              src={photo.url}
              alt={t('mobile.overlay.photoAlt')}
              className="max-h-full max-w-full object-contain"
            />
          )}
        </div>

        <footer className="flex items-center justify-center gap-3 px-4 py-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
          {mode === 'camera' && (
            <>
              <Button
                variant="ghost"
                className="text-white hover:bg-white/10"
                onClick={() => {
                  camera.stop();
                  setMode('choose');
                }}
              >
                {t('mobile.overlay.back')}
              </Button>
              <button
                type="button"
                onClick={shoot}
                aria-label={t('mobile.overlay.shutter')}
                className="size-16 cursor-pointer rounded-full border-4 border-white bg-white/20 transition hover:bg-white/40 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white"
              />
              <span className="w-16" aria-hidden />
            </>
          )}
          {mode === 'review' && photo && (
            <>
              <Button
                variant="outline"
                className="border-slate-600 bg-transparent text-white hover:bg-white/10"
                onClick={openCamera}
              >
                <RotateCcw /> {t('mobile.overlay.retake')}
              </Button>
              <Button
                className="bg-white text-slate-950 hover:bg-slate-200"
                onClick={() => hand(photo.file)}
              >
                <Check /> {t('mobile.overlay.usePhoto')}
              </Button>
            </>
          )}
          {mode === 'choose' && (
            <Button variant="ghost" className="text-white hover:bg-white/10" onClick={close}>
              {t('mobile.overlay.cancel')}
            </Button>
          )}
        </footer>
      </DialogContent>
    </Dialog>
  );
}
