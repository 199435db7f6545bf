import { BookOpen, Clock, MapPin, Users } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { usePublicText } from '../../i18n/lite';
import { cn } from '../../lib/utils';
import { ComingNote } from './coming';
import type { Difficulty, Tutorial } from './content';
import { SIGN_IN_HREF } from './PublicLayout';

const DIFFICULTY_VARIANT = {
  beginner: 'success',
  intermediate: 'info',
  advanced: 'warning',
} as const satisfies Record<Difficulty, 'success' | 'info' | 'warning'>;

/** The catalogue key of a guide's own text. */
const guideKey = (tutorial: Tutorial, key: string) => `guides.items.${tutorial.id}.${key}`;

export function DifficultyBadge({ difficulty }: { difficulty: Difficulty }) {
  const t = usePublicText('marketing');
  return (
    <Badge variant={DIFFICULTY_VARIANT[difficulty]}>{t(`guides.difficulty.${difficulty}`)}</Badge>
  );
}

function Thumbnail({ tutorial }: { tutorial: Tutorial }) {
  const t = usePublicText('marketing');
  const Icon = tutorial.thumbnail.icon;
  return (
    <div
      className={cn(
        'relative flex h-32 items-center justify-center bg-gradient-to-br',
        tutorial.thumbnail.gradient,
      )}
    >
      <div
        aria-hidden
        className="absolute inset-0 bg-[radial-gradient(circle_at_30%_20%,rgba(255,255,255,0.22),transparent_55%)]"
      />
      <span className="relative flex size-16 items-center justify-center rounded-2xl bg-white/15 ring-1 ring-white/30">
        <Icon aria-hidden className="size-8 text-white" />
      </span>
      <span className="absolute left-3 top-3 inline-flex items-center gap-1 rounded-full bg-black/25 px-2 py-0.5 text-[11px] font-medium text-white">
        <BookOpen aria-hidden className="size-3" /> {t('guides.written')}
      </span>
      <span className="absolute bottom-3 right-3 inline-flex items-center gap-1 rounded-full bg-black/30 px-2 py-0.5 text-xs font-medium text-white">
        <Clock aria-hidden className="size-3" /> {t('units.minutes', { minutes: tutorial.minutes })}
      </span>
    </div>
  );
}

/** The written steps of one guide, opened from its card. */
export function GuideDialog({ tutorial }: { tutorial: Tutorial }) {
  const t = usePublicText('marketing');
  const title = t(guideKey(tutorial, 'title'));
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button className="w-full" aria-label={t('guides.openLabel', { title })}>
          <BookOpen aria-hidden /> {t('guides.open')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl gap-5 p-0">
        <DialogHeader className="border-b px-6 pb-4 pt-6 pr-12">
          <div className="flex flex-wrap items-center gap-2">
            <DifficultyBadge difficulty={tutorial.difficulty} />
            <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
              <Clock aria-hidden className="size-3.5" />{' '}
              {t('units.minutes', { minutes: tutorial.minutes })}
            </span>
          </div>
          <DialogTitle className="text-xl text-primary">{title}</DialogTitle>
          <DialogDescription>{t(guideKey(tutorial, 'description'))}</DialogDescription>
          <dl className="mt-2 grid gap-1.5 text-sm sm:grid-cols-2">
            <div className="flex items-start gap-2">
              <dt className="mt-0.5 shrink-0">
                <MapPin aria-hidden className="size-4 text-sky-700" />
                <span className="sr-only">{t('guides.where')}</span>
              </dt>
              <dd>{t(guideKey(tutorial, 'where'))}</dd>
            </div>
            <div className="flex items-start gap-2">
              <dt className="mt-0.5 shrink-0">
                <Users aria-hidden className="size-4 text-sky-700" />
                <span className="sr-only">{t('guides.who')}</span>
              </dt>
              <dd>{t(guideKey(tutorial, 'roles'))}</dd>
            </div>
          </dl>
        </DialogHeader>
        <ol className="grid gap-4 px-6">
          {tutorial.steps.map((step, index) => (
            <li key={step} className="flex gap-4">
              <span
                aria-hidden
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-white"
              >
                {index + 1}
              </span>
              <div className="grid gap-1">
                <p className="font-semibold text-primary">
                  <span className="sr-only">{t('guides.step', { number: index + 1 })}</span>
                  {t(guideKey(tutorial, `steps.${step}.title`))}
                </p>
                <p className="text-sm leading-relaxed text-muted-foreground">
                  {t(guideKey(tutorial, `steps.${step}.detail`))}
                </p>
              </div>
            </li>
          ))}
        </ol>
        {tutorial.coming && (
          <ComingNote className="px-6">{t(guideKey(tutorial, 'coming'))}</ComingNote>
        )}
        <DialogFooter className="border-t bg-muted/50 px-6 py-4">
          <DialogClose asChild>
            <Button variant="outline">{t('guides.close')}</Button>
          </DialogClose>
          <Button asChild>
            <a href={SIGN_IN_HREF}>{t('guides.signInToTry')}</a>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function TutorialCard({ tutorial }: { tutorial: Tutorial }) {
  const t = usePublicText('marketing');
  return (
    <Card className="flex flex-col overflow-hidden transition-shadow hover:shadow-md">
      <Thumbnail tutorial={tutorial} />
      <CardHeader className="gap-2">
        <div className="flex items-center justify-between gap-2">
          <DifficultyBadge difficulty={tutorial.difficulty} />
          <span className="text-xs text-muted-foreground">
            {t('guides.stepCount', { count: tutorial.steps.length })} ·{' '}
            {t('units.minutes', { minutes: tutorial.minutes })}
          </span>
        </div>
        <CardTitle className="text-primary">{t(guideKey(tutorial, 'title'))}</CardTitle>
        <CardDescription className="leading-relaxed">
          {t(guideKey(tutorial, 'description'))}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label={t('guides.topics')} className="flex flex-wrap gap-1.5">
          {tutorial.topics.map((topic) => (
            <li key={topic}>
              <Badge variant="secondary" className="font-normal">
                {t(guideKey(tutorial, `topics.${topic}`))}
              </Badge>
            </li>
          ))}
        </ul>
        {tutorial.coming && (
          <ComingNote className="mt-4">{t(guideKey(tutorial, 'coming'))}</ComingNote>
        )}
      </CardContent>
      <CardFooter className="mt-auto">
        <GuideDialog tutorial={tutorial} />
      </CardFooter>
    </Card>
  );
}

export function TutorialGrid({ tutorials }: { tutorials: Tutorial[] }) {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {tutorials.map((tutorial) => (
        <TutorialCard key={tutorial.id} tutorial={tutorial} />
      ))}
    </div>
  );
}
