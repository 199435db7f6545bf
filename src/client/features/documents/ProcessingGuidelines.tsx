import { FileType, HardDrive, ScanLine, Type } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ACCEPTED_EXTENSIONS } from './file-rules';

const GUIDELINES: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: ScanLine,
    title: 'Scan at 300 DPI or more',
    text: 'Lower resolutions lose small print such as certificate numbers.',
  },
  {
    icon: Type,
    title: 'Keep text legible',
    text: 'Flat pages, even light, no blur, glare or cut-off edges.',
  },
  {
    icon: FileType,
    title: 'Use standard formats',
    text: 'Original PDFs and spreadsheets read better than photos of them.',
  },
  {
    icon: HardDrive,
    title: 'Up to 10 MB per file',
    text: 'Split larger scans into several files.',
  },
];

export function ProcessingGuidelines() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Processing Guidelines</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <ul className="grid grid-cols-1 gap-3">
          {GUIDELINES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-accent text-primary">
                <Icon aria-hidden className="size-4" />
              </span>
              <div>
                <p className="text-sm font-medium">{title}</p>
                <p className="text-xs text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
        <div>
          <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            Accepted types
          </p>
          <ul className="flex flex-wrap gap-1.5" aria-label="Accepted file types">
            {ACCEPTED_EXTENSIONS.map((ext) => (
              <li key={ext} className="rounded border bg-muted/50 px-1.5 py-0.5 font-mono text-xs">
                {ext}
              </li>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
