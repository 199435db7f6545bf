import { FileType, HardDrive, ScanLine, Type } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ACCEPTED_EXTENSIONS } from './file-rules';

/** Each guideline's title and text are `guidelines.<id>.title` / `.text`. */
const GUIDELINES: { id: 'resolution' | 'legible' | 'formats' | 'size'; icon: LucideIcon }[] = [
  { id: 'resolution', icon: ScanLine },
  { id: 'legible', icon: Type },
  { id: 'formats', icon: FileType },
  { id: 'size', icon: HardDrive },
];

export function ProcessingGuidelines() {
  const { t } = useTranslation('documents');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('guidelines.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <ul className="grid grid-cols-1 gap-3">
          {GUIDELINES.map(({ id, icon: Icon }) => (
            <li key={id} className="flex gap-3">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-accent text-primary">
                <Icon aria-hidden className="size-4" />
              </span>
              <div>
                <p className="text-sm font-medium">{t(`guidelines.${id}.title`)}</p>
                <p className="text-xs text-muted-foreground">{t(`guidelines.${id}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
        <div>
          <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            {t('guidelines.acceptedTypes')}
          </p>
          <ul className="flex flex-wrap gap-1.5" aria-label={t('guidelines.acceptedTypesLabel')}>
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
