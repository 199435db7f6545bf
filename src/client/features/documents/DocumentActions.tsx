import { Download, Eye, RotateCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DocumentDetail } from '@shared/api/documents';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useAuth } from '../auth/use-auth';
import { fileUrl } from './field-presentation';
import { useDeleteDocument, useReprocessDocument } from './use-document-actions';

type Doc = Pick<DocumentDetail, 'id' | 'originalName' | 'status'>;

export function DownloadButton({ document, label }: { document: Doc; label?: string }) {
  const { t } = useTranslation('documents');
  return (
    <Button
      variant="outline"
      size={label ? 'sm' : 'icon'}
      className={label ? '' : 'size-8'}
      asChild
    >
      <a
        href={fileUrl(document.id)}
        download={document.originalName}
        aria-label={t('actions.download.name', { name: document.originalName })}
        title={t('actions.download.title')}
      >
        <Download aria-hidden />
        {label}
      </a>
    </Button>
  );
}

export function ReprocessButton({ document, label }: { document: Doc; label?: string }) {
  const { t } = useTranslation('documents');
  const reprocess = useReprocessDocument();
  return (
    <Button
      variant="outline"
      size={label ? 'sm' : 'icon'}
      className={label ? '' : 'size-8'}
      aria-label={t('actions.reprocess.name', { name: document.originalName })}
      title={t('actions.reprocess.title')}
      disabled={reprocess.isPending}
      onClick={() => reprocess.mutate(document.id)}
    >
      <RotateCw aria-hidden className={reprocess.isPending ? 'animate-spin' : undefined} />
      {label}
    </Button>
  );
}

/** Admin only; asks first. The server keeps the row and its audit trail, hidden from lists. */
export function DeleteDocumentButton({
  document,
  label,
  onDeleted,
}: {
  document: Doc;
  label?: string;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('documents');
  const [open, setOpen] = useState(false);
  const remove = useDeleteDocument();
  return (
    <>
      <Button
        variant="outline"
        size={label ? 'sm' : 'icon'}
        className={label ? 'text-destructive' : 'size-8 text-destructive'}
        aria-label={t('actions.delete.name', { name: document.originalName })}
        title={t('actions.delete.title')}
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden />
        {label}
      </Button>
      <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('actions.delete.confirmTitle')}</DialogTitle>
            <DialogDescription>
              <span className="font-medium break-all text-foreground">{document.originalName}</span>{' '}
              {t('actions.delete.confirmText')}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={remove.isPending}>
              {t('actions.delete.cancel')}
            </Button>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(document, {
                  onSuccess: () => {
                    setOpen(false);
                    onDeleted?.();
                  },
                })
              }
            >
              {t('actions.delete.confirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** The buttons of a history row: view and download for all, delete for admins. */
export function DocumentRowActions({ document }: { document: Doc }) {
  const { t } = useTranslation('documents');
  const { can } = useAuth();
  return (
    <div className="flex shrink-0 items-center gap-1.5">
      <Button variant="outline" size="icon" className="size-8" asChild>
        <Link
          to={`/documents/${document.id}`}
          aria-label={t('actions.view.name', { name: document.originalName })}
          title={t('actions.view.title')}
        >
          <Eye aria-hidden />
        </Link>
      </Button>
      <DownloadButton document={document} />
      {can('manageOrganization') && <DeleteDocumentButton document={document} />}
    </div>
  );
}
