import { ExternalLink, ImageOff } from 'lucide-react';
import { useState } from 'react';
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

const DESCRIPTIONS = {
  image: 'The image as it was read, the selected field marked on it, and the text read from it',
  pdf: 'Each page as it was read, the selected field marked on it, and the text read from it',
  spreadsheet: 'The rows as read from the file',
  text: 'The text read from the document',
} as const;

function OpenOriginal({ document }: { document: DocumentDetail }) {
  if (!opensInline(document)) return null;
  return (
    <a
      href={fileUrl(document.id, true)}
      target="_blank"
      rel="noopener"
      className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-primary hover:underline"
    >
      Open original <ExternalLink aria-hidden className="size-3.5" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

function OriginalImage({ document }: { document: DocumentDetail }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <p className="flex items-center gap-2 rounded-md bg-muted p-4 text-sm text-muted-foreground">
        <ImageOff aria-hidden className="size-4" /> The image could not be shown; download it
        instead.
      </p>
    );
  }
  return (
    <a href={fileUrl(document.id, true)} target="_blank" rel="noopener" className="block">
      <img
        src={fileUrl(document.id, true)}
        alt={`Original of ${document.originalName}`}
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
  const view = documentView(document);
  const spreadsheet = view === 'spreadsheet';
  const current = pages.find((p) => p.page === page) ?? pages[0];
  if (!current) {
    return <p className="text-sm text-muted-foreground">No text was read from this document.</p>;
  }
  if (view === 'pdf' || view === 'image') {
    // Both views stay mounted: switching keeps the image loaded and the text where it was.
    return (
      <Tabs defaultValue="page-image" className="grid grid-cols-1 gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <TabsList aria-label="Original view">
            <TabsTrigger value="page-image">Page image</TabsTrigger>
            <TabsTrigger value="text">Text read</TabsTrigger>
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
        noun={spreadsheet ? 'Sheet' : 'Page'}
      />
      {spreadsheet ? (
        <SheetView page={current} name={`${document.originalName}, sheet ${current.page}`} />
      ) : (
        <PageTextView page={current} highlight={highlight} />
      )}
    </div>
  );
}

/** The left side of the document page: the original as the browser can show it. */
export function DocumentOriginal(props: OriginalProps) {
  const { document } = props;
  const view = documentView(document);
  const read = hasBeenRead(document);
  const pages = useDocumentPages(document.id, { enabled: read });

  const text = !read ? (
    <p className="rounded-md bg-muted p-4 text-sm text-muted-foreground">
      {document.status === 'error'
        ? 'No text: the document could not be read.'
        : 'The text appears here when reading has finished.'}
    </p>
  ) : pages.isPending ? (
    <div className="flex justify-center py-8">
      <Spinner label="Loading the pages" />
    </div>
  ) : pages.isError ? (
    <QueryError error={pages.error} what="the pages" />
  ) : (
    <PagesBody {...props} pages={pages.data} />
  );

  return (
    <Card className="min-w-0 scroll-mt-4 lg:sticky lg:top-4" id="document-original">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1.5">
          <CardTitle>Original</CardTitle>
          <CardDescription>{DESCRIPTIONS[view]}</CardDescription>
        </div>
        <OpenOriginal document={document} />
      </CardHeader>
      <CardContent>
        {view === 'image' && !read ? (
          <Tabs defaultValue="image">
            <TabsList aria-label="Original view">
              <TabsTrigger value="image">Image</TabsTrigger>
              <TabsTrigger value="text">Text read</TabsTrigger>
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
