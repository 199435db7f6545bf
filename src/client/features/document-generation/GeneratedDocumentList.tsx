import { CheckCircle2, Download, FileText, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('document-generation');
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
                <Sparkles aria-hidden className="size-3" /> {t('aiPowered')}
              </Badge>
            ) : (
              <Badge variant="outline">{t('generated.fromTemplate')}</Badge>
            )}
            {document.status === 'approved' ? (
              <Badge variant="success">
                <CheckCircle2 aria-hidden className="size-3" /> {t('generated.approved')}
              </Badge>
            ) : (
              <Badge variant="warning">{t('generated.draft')}</Badge>
            )}
          </p>
          <p className="text-xs text-muted-foreground">
            {document.filename} ·{' '}
            {t('generated.evidenceFor', {
              count: document.checklistItems.length,
              items: document.checklistItems.join(', '),
            })}
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
            <Download aria-hidden className="size-4" /> {t('generated.download')}
          </span>
          <Button asChild variant="outline" size="sm">
            <a
              href={document.downloads.docx}
              download
              aria-label={t('generated.downloadAs', { title: document.title, format: 'DOCX' })}
            >
              DOCX
            </a>
          </Button>
          <Button asChild variant="outline" size="sm">
            <a
              href={document.downloads.pdf}
              download
              aria-label={t('generated.downloadAs', { title: document.title, format: 'PDF' })}
            >
              PDF
            </a>
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-label={t('generated.downloadText', { title: document.title })}
            onClick={() => saveText(document)}
          >
            {t('generated.text')}
          </Button>
          {can('approveGeneratedDocuments') && document.status === 'draft' && (
            <Button
              size="sm"
              disabled={approve.isPending}
              aria-label={t('generated.approveLabel', { title: document.title })}
              onClick={() => approve.mutate(document.id)}
            >
              {t('generated.approve')}
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
  const { t } = useTranslation('document-generation');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('generated.title')}</CardTitle>
        <CardDescription>
          {t('generated.description')}
          {aiNote ? ` ${aiNote}` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {documents.length === 0 ? (
          <EmptyState icon={FileText} title={t('generated.emptyTitle')}>
            {t('generated.emptyText')}
          </EmptyState>
        ) : (
          <ul aria-label={t('generated.listLabel')} className="divide-y rounded-md border">
            {documents.map((d) => (
              <GeneratedDocumentRow key={d.id} document={d} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
