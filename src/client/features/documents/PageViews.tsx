import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { highlightParts, parseSheetText } from './field-presentation';
import type { DocumentPage } from './use-document';

const SOURCE_LABELS: Record<DocumentPage['source'], string> = {
  'text-layer': 'Text layer of the PDF',
  ocr: 'Read by OCR',
  table: 'Spreadsheet rows',
  docx: 'Text of the document',
};

/** Previous / next through the pages, with where we are. */
export function PagePicker({
  page,
  count,
  onChange,
  noun = 'Page',
}: {
  page: number;
  count: number;
  onChange: (page: number) => void;
  noun?: string;
}) {
  if (count <= 1) return null;
  return (
    <div className="flex items-center gap-1" role="group" aria-label={`${noun} selector`}>
      <Button
        variant="outline"
        size="icon"
        className="size-8"
        aria-label={`Previous ${noun.toLowerCase()}`}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        <ChevronLeft />
      </Button>
      <span className="min-w-24 text-center text-sm tabular-nums" aria-live="polite">
        {noun} {page} of {count}
      </span>
      <Button
        variant="outline"
        size="icon"
        className="size-8"
        aria-label={`Next ${noun.toLowerCase()}`}
        disabled={page >= count}
        onClick={() => onChange(page + 1)}
      >
        <ChevronRight />
      </Button>
    </div>
  );
}

/** A page's text as read, the selected field's value marked where it appears literally. */
export function PageTextView({ page, highlight }: { page: DocumentPage; highlight?: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    container.current?.querySelector('mark')?.scrollIntoView({ block: 'nearest' });
  }, [highlight, page.page]);
  const parts = highlightParts(page.text, highlight ?? '');
  return (
    <div className="grid grid-cols-1 gap-2">
      <p className="text-xs text-muted-foreground">{SOURCE_LABELS[page.source]}</p>
      <div
        ref={container}
        tabIndex={0}
        aria-label={`Text of page ${page.page}`}
        className="max-h-[32rem] overflow-auto rounded-md border bg-muted/30 p-4"
      >
        {page.text.trim() === '' ? (
          <p className="text-sm text-muted-foreground">No text was found on this page.</p>
        ) : (
          <p className="font-mono text-[13px] leading-relaxed whitespace-pre-wrap break-words">
            {parts.map((part, index) =>
              part.match ? (
                <mark key={index} className="rounded-sm bg-amber-200 px-0.5 text-foreground">
                  {part.text}
                </mark>
              ) : (
                part.text
              ),
            )}
          </p>
        )}
      </div>
    </div>
  );
}

/** A sheet's rows as a table (the first 200; the rest are in the file). */
export function SheetView({ page, name }: { page: DocumentPage; name: string }) {
  const sheet = parseSheetText(page.text);
  if (sheet.header.every((cell) => cell === '')) {
    return <p className="text-sm text-muted-foreground">This sheet is empty.</p>;
  }
  return (
    <div className="grid grid-cols-1 gap-2">
      <div className="max-h-[32rem] overflow-auto rounded-md border">
        <Table aria-label={name}>
          <TableHeader>
            <TableRow>
              {sheet.header.map((cell, index) => (
                <TableHead key={index} className="whitespace-nowrap normal-case">
                  {cell}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {sheet.rows.map((row, rowIndex) => (
              <TableRow key={rowIndex}>
                {sheet.header.map((_, index) => (
                  <TableCell key={index} className="whitespace-nowrap">
                    {row[index] ?? ''}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <p className="text-xs text-muted-foreground">
        {sheet.totalRows === 1 ? '1 row' : `${sheet.totalRows.toLocaleString('en-US')} rows`}
        {sheet.totalRows > sheet.rows.length &&
          `; the first ${sheet.rows.length} are shown, download the file for the rest`}
      </p>
    </div>
  );
}
