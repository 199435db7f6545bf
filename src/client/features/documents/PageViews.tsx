import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { formatNumber } from '../../lib/format';
import { highlightParts, parseSheetText } from './field-presentation';
import type { DocumentPage } from './use-document';

/** Previous / next through the pages (or a workbook's sheets), with where we are. */
export function PagePicker({
  page,
  count,
  onChange,
  unit = 'page',
}: {
  page: number;
  count: number;
  onChange: (page: number) => void;
  unit?: 'page' | 'sheet';
}) {
  const { t } = useTranslation('documents');
  if (count <= 1) return null;
  const values = { page: formatNumber(page), total: formatNumber(count) };
  return (
    <div className="flex items-center gap-1" role="group" aria-label={t(`picker.${unit}.group`)}>
      <Button
        variant="outline"
        size="icon"
        className="size-8"
        aria-label={t(`picker.${unit}.previous`)}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        <ChevronLeft />
      </Button>
      <span className="min-w-24 text-center text-sm tabular-nums" aria-live="polite">
        {t(`picker.${unit}.position`, values)}
      </span>
      <Button
        variant="outline"
        size="icon"
        className="size-8"
        aria-label={t(`picker.${unit}.next`)}
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
  const { t } = useTranslation('documents');
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    container.current?.querySelector('mark')?.scrollIntoView({ block: 'nearest' });
  }, [highlight, page.page]);
  const parts = highlightParts(page.text, highlight ?? '');
  return (
    <div className="grid grid-cols-1 gap-2">
      <p className="text-xs text-muted-foreground">{t(`pages.source.${page.source}`)}</p>
      <div
        ref={container}
        tabIndex={0}
        aria-label={t('pages.textLabel', { page: page.page })}
        className="max-h-[32rem] overflow-auto rounded-md border bg-muted/30 p-4"
      >
        {page.text.trim() === '' ? (
          <p className="text-sm text-muted-foreground">{t('pages.noText')}</p>
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
  const { t } = useTranslation('documents');
  const sheet = parseSheetText(page.text);
  if (sheet.header.every((cell) => cell === '')) {
    return <p className="text-sm text-muted-foreground">{t('pages.emptySheet')}</p>;
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
        {t('pages.rows', { count: sheet.totalRows, n: formatNumber(sheet.totalRows) })}
        {sheet.totalRows > sheet.rows.length &&
          t('pages.rowsCut', { count: sheet.rows.length, n: formatNumber(sheet.rows.length) })}
      </p>
    </div>
  );
}
