import { MapPin, MapPinOff, UserRound, Wifi, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/card';
import { useAuth } from '../../features/auth/use-auth';
import { CaptureQueueCard } from '../../features/documents/field/CaptureQueueCard';
import { DiscrepancyPanel } from '../../features/documents/field/DiscrepancyPanel';
import { FieldCapturePanel } from '../../features/documents/field/FieldCapturePanel';
import { useCaptureQueue } from '../../features/documents/field/use-capture-queue';
import {
  ConnectionCard,
  LocationCard,
  RecentUploadsCard,
  TodayCard,
} from '../../features/documents/field/FieldStatusCards';
import { useCurrentLocation } from '../../features/documents/field/use-current-location';
import { useOnlineStatus } from '../../features/documents/field/use-online-status';
import { useDocuments } from '../../features/documents/use-documents';
import { cn } from '../../lib/utils';

export default function MobileField() {
  const { t } = useTranslation('documents');
  const { user, can } = useAuth();
  const browserOnline = useOnlineStatus();
  const queue = useCaptureQueue();
  // Real connectivity: the browser's flag, and whether the last try reached the server.
  const online = browserOnline && queue.reachable;
  const location = useCurrentLocation();
  const readAll = can('readAllRecords');
  const documents = useDocuments({ enabled: readAll });
  const located = location.status === 'known';
  const connection = online ? t('mobile.online') : t('mobile.offline');
  const position = located
    ? t('mobile.location.known')
    : location.status === 'locating'
      ? t('mobile.location.locating')
      : t('mobile.location.unavailable');

  return (
    <div className="grid grid-cols-1 gap-4 lg:gap-6">
      <Card className="flex items-center gap-3 px-4 py-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-primary">
          <UserRound aria-hidden className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-xs text-muted-foreground">{t('mobile.signedInAs')}</p>
          <p className="truncate text-sm font-medium">{user?.email}</p>
        </div>
        <span
          role="img"
          aria-label={connection}
          title={connection}
          className={cn(
            'rounded-full p-2',
            online ? 'bg-green-100 text-green-700' : 'bg-red-100 text-red-700',
          )}
        >
          {online ? (
            <Wifi aria-hidden className="size-4" />
          ) : (
            <WifiOff aria-hidden className="size-4" />
          )}
        </span>
        <span
          role="img"
          aria-label={position}
          title={position}
          className={cn(
            'rounded-full p-2',
            located ? 'bg-green-100 text-green-700' : 'bg-muted text-muted-foreground',
          )}
        >
          {located ? (
            <MapPin aria-hidden className="size-4" />
          ) : (
            <MapPinOff aria-hidden className="size-4" />
          )}
        </span>
      </Card>

      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-3 lg:gap-6">
        <div className="lg:col-span-2">
          <FieldCapturePanel
            online={online}
            location={location}
            onQueued={() => void queue.send({ now: true })}
          />
          <div className="mt-4 lg:mt-6">
            <CaptureQueueCard items={queue.items} storageError={queue.storageError} />
          </div>
          <div className="mt-4 lg:mt-6">
            <DiscrepancyPanel online={online} onQueued={() => void queue.send({ now: true })} />
          </div>
        </div>
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-1 lg:gap-6">
          <TodayCard documents={documents} allowed={readAll} />
          <ConnectionCard online={online} />
        </div>
      </div>

      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-3 lg:gap-6">
        <div className="lg:col-span-2">
          <RecentUploadsCard documents={documents} allowed={readAll} />
        </div>
        <LocationCard location={location} />
      </div>
    </div>
  );
}
