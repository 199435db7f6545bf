import { CheckCircle2, Download, FileText, Sparkles } from 'lucide-react';
import type { GeneratedDocument } from '@shared/api/document-generation';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { useAuth } from '../auth/use-auth';
import { useApproveGenerated } from './use-smart-audit';

/** Spec §4: the text file is saved client side, named by the document's filename. */
function saveText(document: GeneratedDocument) {
  const url = URL.createObjectURL(new Blob([document.content], { type: 'text/plain' }));
  const link = Object.assign(window.document.createElement('a'), {
    href: url,
    download: document.filename,
  });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function GeneratedDocumentRow({ document }: { document: GeneratedDocument }) {
  const { can } = useAuth();
  const approve = useApproveGenerated();
  const { metadata } = document;
  return (
    <li className="grid gap-3 p-4" data-generated-id={document.id}>
      <div className="grid gap-3">
        <div className="grid min-w-0 gap-1">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <FileText aria-hidden className="size-4 text-muted-foreground" />
            {document.title}
            {metadata.aiGenerated ? (
              <Badge variant="info">
                <Sparkles aria-hidden className="size-3" /> AI-powered
              </Badge>
            ) : (
              <Badge variant="outline">From template</Badge>
            )}
            {document.status === 'approved' ? (
              <Badge variant="success">
                <CheckCircle2 aria-hidden className="size-3" /> Approved
              </Badge>
            ) : (
              <Badge variant="warning">Draft</Badge>
            )}
          </p>
          <p className="text-xs text-muted-foreground">
            {document.filename} · evidence for checklist items {document.checklistItems.join(', ')}
          </p>
          <p className="flex flex-wrap gap-1">
            {metadata.regulatoryBasis.map((c) => (
              <Badge key={c} variant="outline" className="font-mono">
                14 CFR {c}
              </Badge>
            ))}
          </p>
          {metadata.fallbackReason && (
            <p className="text-xs text-amber-800">{metadata.fallbackReason}</p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className="flex items-center gap-1 text-sm text-muted-foreground">
            <Download aria-hidden className="size-4" /> Download
          </span>
          <Button asChild variant="outline" size="sm">
            <a
              href={document.downloads.docx}
              download
              aria-label={`Download ${document.title} as DOCX`}
            >
              DOCX
            </a>
          </Button>
          <Button asChild variant="outline" size="sm">
            <a
              href={document.downloads.pdf}
              download
              aria-label={`Download ${document.title} as PDF`}
            >
              PDF
            </a>
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-label={`Download ${document.title} as text`}
            onClick={() => saveText(document)}
          >
            Text
          </Button>
          {can('approveGeneratedDocuments') && document.status === 'draft' && (
            <Button
              size="sm"
              disabled={approve.isPending}
              aria-label={`Approve ${document.title}`}
              onClick={() => approve.mutate(document.id)}
            >
              Approve
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}

export function GeneratedDocumentList({
  documents,
  aiNote,
}: {
  documents: GeneratedDocument[];
  aiNote: string | null;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Generated Documents</CardTitle>
        <CardDescription>
          Drafts written from your records, saved to your documents. Review each one; an admin’s
          approval attaches it as evidence to the checklist items it serves.
          {aiNote ? ` ${aiNote}` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {documents.length === 0 ? (
          <EmptyState icon={FileText} title="No documents generated">
            Every document the audit could draft is already on file.
          </EmptyState>
        ) : (
          <ul aria-label="Generated documents" className="divide-y rounded-md border">
            {documents.map((d) => (
              <GeneratedDocumentRow key={d.id} document={d} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
