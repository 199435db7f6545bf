import { Download, Eye, RotateCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
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
        aria-label={`Download ${document.originalName}`}
        title="Download the original file"
      >
        <Download aria-hidden />
        {label}
      </a>
    </Button>
  );
}

export function ReprocessButton({ document, label }: { document: Doc; label?: string }) {
  const reprocess = useReprocessDocument();
  return (
    <Button
      variant="outline"
      size={label ? 'sm' : 'icon'}
      className={label ? '' : 'size-8'}
      aria-label={`Reprocess ${document.originalName}`}
      title="Read the stored file again"
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
  const [open, setOpen] = useState(false);
  const remove = useDeleteDocument();
  return (
    <>
      <Button
        variant="outline"
        size={label ? 'sm' : 'icon'}
        className={label ? 'text-destructive' : 'size-8 text-destructive'}
        aria-label={`Delete ${document.originalName}`}
        title="Delete this document"
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden />
        {label}
      </Button>
      <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete this document?</DialogTitle>
            <DialogDescription>
              <span className="font-medium break-all text-foreground">{document.originalName}</span>{' '}
              and its extracted fields disappear from every list. The audit trail keeps its upload
              and validation entries.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={remove.isPending}>
              Cancel
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
              Delete document
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** The buttons of a history row: view and download for all, delete for admins. */
export function DocumentRowActions({ document }: { document: Doc }) {
  const { can } = useAuth();
  return (
    <div className="flex shrink-0 items-center gap-1.5">
      <Button variant="outline" size="icon" className="size-8" asChild>
        <Link
          to={`/documents/${document.id}`}
          aria-label={`View ${document.originalName}`}
          title="View the document and its fields"
        >
          <Eye aria-hidden />
        </Link>
      </Button>
      <DownloadButton document={document} />
      {can('manageOrganization') && <DeleteDocumentButton document={document} />}
    </div>
  );
}
