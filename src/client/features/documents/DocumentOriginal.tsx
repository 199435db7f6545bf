import { ExternalLink, ImageOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentDetail } from '@shared/api/documents';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { QueryError } from '../dashboard/QueryError';
import { documentView, fileUrl, opensInline } from './field-presentation';
import { PageImageView, type FocusedField } from './PageImageView';
import { PagePicker, PageTextView, SheetView } from './PageViews';
import { hasBeenRead, useDocumentPages, type DocumentPage } from './use-document';

interface OriginalProps {
  document: DocumentDetail;
  page: number;
  onPageChange: (page: number) => void;
  /** The selected field's value, marked in the page text. */
  highlight?: string;
  /** The selected field, its box marked on the page image. */
  focus?: FocusedField;
}

function OpenOriginal({ document }: { document: DocumentDetail }) {
  const { t } = useTranslation('documents');
  if (!opensInline(document)) return null;
  return (
    <a
      href={fileUrl(document.id, true)}
      target="_blank"
      rel="noopener"
      className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-primary hover:underline"
    >
      {t('original.open')} <ExternalLink aria-hidden className="size-3.5" />
      <span className="sr-only">{t('original.newTab')}</span>
    </a>
  );
}

function OriginalImage({ document }: { document: DocumentDetail }) {
  const { t } = useTranslation('documents');
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <p className="flex items-center gap-2 rounded-md bg-muted p-4 text-sm text-muted-foreground">
        <ImageOff aria-hidden className="size-4" /> {t('original.imageFailed')}
      </p>
    );
  }
  return (
    <a href={fileUrl(document.id, true)} target="_blank" rel="noopener" className="block">
      <img
        src={fileUrl(document.id, true)}
        alt={t('original.imageAlt', { name: document.originalName })}
        onError={() => setFailed(true)}
        className="mx-auto max-h-[36rem] w-auto max-w-full rounded-md border bg-white object-contain"
      />
    </a>
  );
}

function PagesBody({
  document,
  pages,
  page,
  onPageChange,
  highlight,
  focus,
}: OriginalProps & { pages: DocumentPage[] }) {
  const { t } = useTranslation('documents');
  const view = documentView(document);
  const spreadsheet = view === 'spreadsheet';
  const current = pages.find((p) => p.page === page) ?? pages[0];
  if (!current) {
    return <p className="text-sm text-muted-foreground">{t('original.noText')}</p>;
  }
  if (view === 'pdf' || view === 'image') {
    // Both views stay mounted: switching keeps the image loaded and the text where it was.
    return (
      <Tabs defaultValue="page-image" className="grid grid-cols-1 gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <TabsList aria-label={t('original.viewLabel')}>
            <TabsTrigger value="page-image">{t('original.pageImageTab')}</TabsTrigger>
            <TabsTrigger value="text">{t('original.textTab')}</TabsTrigger>
          </TabsList>
          <PagePicker page={current.page} count={pages.length} onChange={onPageChange} />
        </div>
        <TabsContent value="page-image" forceMount className="mt-0 data-[state=inactive]:hidden">
          <PageImageView
            documentId={document.id}
            documentName={document.originalName}
            page={current}
            focus={focus}
          />
        </TabsContent>
        <TabsContent value="text" forceMount className="mt-0 data-[state=inactive]:hidden">
          <PageTextView page={current} highlight={highlight} />
        </TabsContent>
      </Tabs>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-3">
      <PagePicker
        page={current.page}
        count={pages.length}
        onChange={onPageChange}
        unit={spreadsheet ? 'sheet' : 'page'}
      />
      {spreadsheet ? (
        <SheetView
          page={current}
          name={t('original.sheetName', { name: document.originalName, sheet: current.page })}
        />
      ) : (
        <PageTextView page={current} highlight={highlight} />
      )}
    </div>
  );
}

/** The left side of the document page: the original as the browser can show it. */
export function DocumentOriginal(props: OriginalProps) {
  const { t } = useTranslation('documents');
  const { document } = props;
  const view = documentView(document);
  const read = hasBeenRead(document);
  const pages = useDocumentPages(document.id, { enabled: read });

  const text = !read ? (
    <p className="rounded-md bg-muted p-4 text-sm text-muted-foreground">
      {document.status === 'error' ? t('original.unreadable') : t('original.notYetRead')}
    </p>
  ) : pages.isPending ? (
    <div className="flex justify-center py-8">
      <Spinner label={t('original.loading')} />
    </div>
  ) : pages.isError ? (
    <QueryError error={pages.error} what={t('original.what')} />
  ) : (
    <PagesBody {...props} pages={pages.data} />
  );

  return (
    <Card className="min-w-0 scroll-mt-4 lg:sticky lg:top-4" id="document-original">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1.5">
          <CardTitle>{t('original.title')}</CardTitle>
          <CardDescription>{t(`original.description.${view}`)}</CardDescription>
        </div>
        <OpenOriginal document={document} />
      </CardHeader>
      <CardContent>
        {view === 'image' && !read ? (
          <Tabs defaultValue="image">
            <TabsList aria-label={t('original.viewLabel')}>
              <TabsTrigger value="image">{t('original.imageTab')}</TabsTrigger>
              <TabsTrigger value="text">{t('original.textTab')}</TabsTrigger>
            </TabsList>
            <TabsContent value="image">
              <OriginalImage document={document} />
            </TabsContent>
            <TabsContent value="text">{text}</TabsContent>
          </Tabs>
        ) : (
          text
        )}
      </CardContent>
    </Card>
  );
}
