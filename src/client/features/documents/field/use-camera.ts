import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../components/ui/use-toast';
import { t } from '../../../i18n/app';

/** Spec §7: JPEG at 0.8, named with the product prefix and an ISO timestamp (':' and '.' as '-'). */
export function captureFileName(now = new Date()) {
  return `centerline-field-capture-${now.toISOString().replace(/[:.]/g, '-')}.jpg`;
}

/** The rear camera at an ideal 1920x1080, a live preview and a still capture. */
export function useCamera() {
  const streamRef = useRef<MediaStream | null>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [active, setActive] = useState(false);

  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setActive(false);
  }, []);

  const start = useCallback(async (): Promise<boolean> => {
    try {
      if (!navigator.mediaDevices?.getUserMedia)
        throw new Error('This browser offers no camera access');
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment', width: { ideal: 1920 }, height: { ideal: 1080 } },
        audio: false,
      });
      streamRef.current = stream;
      setActive(true);
      return true;
    } catch (error) {
      console.warn('Camera could not be opened', error);
      toast({
        title: t('documents:camera.errorTitle'),
        description: t('documents:camera.errorBody'),
        variant: 'destructive',
      });
      return false;
    }
  }, []);

  /** Ref callback for the preview <video>: attaches the running stream when it mounts. */
  const attachVideo = useCallback((video: HTMLVideoElement | null) => {
    videoRef.current = video;
    if (video && streamRef.current && video.srcObject !== streamRef.current) {
      video.srcObject = streamRef.current;
      void video.play().catch(() => undefined);
    }
  }, []);

  /** Takes a still from the preview as a JPEG file, then stops the camera. */
  const capture = useCallback(async (): Promise<File | null> => {
    const video = videoRef.current;
    if (!video || !video.videoWidth) return null;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', 0.8),
    );
    stop();
    return blob ? new File([blob], captureFileName(), { type: 'image/jpeg' }) : null;
  }, [stop]);

  useEffect(() => stop, [stop]);

  return { active, start, stop, capture, attachVideo };
}
