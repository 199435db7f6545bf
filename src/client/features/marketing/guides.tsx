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
import { cn } from '../../lib/utils';
import { ComingNote } from './coming';
import type { Difficulty, Tutorial } from './content';
import { SIGN_IN_HREF } from './PublicLayout';

const DIFFICULTY_VARIANT = {
  Beginner: 'success',
  Intermediate: 'info',
  Advanced: 'warning',
} as const satisfies Record<Difficulty, 'success' | 'info' | 'warning'>;

export function DifficultyBadge({ difficulty }: { difficulty: Difficulty }) {
  return <Badge variant={DIFFICULTY_VARIANT[difficulty]}>{difficulty}</Badge>;
}

function Thumbnail({ tutorial }: { tutorial: Tutorial }) {
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
        <BookOpen aria-hidden className="size-3" /> Written guide
      </span>
      <span className="absolute bottom-3 right-3 inline-flex items-center gap-1 rounded-full bg-black/30 px-2 py-0.5 text-xs font-medium text-white">
        <Clock aria-hidden className="size-3" /> {tutorial.duration}
      </span>
    </div>
  );
}

/** The written steps of one guide, opened from its card. */
export function GuideDialog({ tutorial }: { tutorial: Tutorial }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button className="w-full" aria-label={`Open guide: ${tutorial.title}`}>
          <BookOpen aria-hidden /> Open guide
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl gap-5 p-0">
        <DialogHeader className="border-b px-6 pb-4 pt-6 pr-12">
          <div className="flex flex-wrap items-center gap-2">
            <DifficultyBadge difficulty={tutorial.difficulty} />
            <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
              <Clock aria-hidden className="size-3.5" /> {tutorial.duration}
            </span>
          </div>
          <DialogTitle className="text-xl text-primary">{tutorial.title}</DialogTitle>
          <DialogDescription>{tutorial.description}</DialogDescription>
          <dl className="mt-2 grid gap-1.5 text-sm sm:grid-cols-2">
            <div className="flex items-start gap-2">
              <dt className="mt-0.5 shrink-0">
                <MapPin aria-hidden className="size-4 text-sky-700" />
                <span className="sr-only">Where</span>
              </dt>
              <dd>{tutorial.where}</dd>
            </div>
            <div className="flex items-start gap-2">
              <dt className="mt-0.5 shrink-0">
                <Users aria-hidden className="size-4 text-sky-700" />
                <span className="sr-only">Who</span>
              </dt>
              <dd>{tutorial.roles}</dd>
            </div>
          </dl>
        </DialogHeader>
        <ol className="grid gap-4 px-6">
          {tutorial.steps.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span
                aria-hidden
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-white"
              >
                {index + 1}
              </span>
              <div className="grid gap-1">
                <p className="font-semibold text-primary">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </p>
                <p className="text-sm leading-relaxed text-muted-foreground">{step.detail}</p>
              </div>
            </li>
          ))}
        </ol>
        {tutorial.coming && <ComingNote className="px-6">{tutorial.coming}</ComingNote>}
        <DialogFooter className="border-t bg-muted/50 px-6 py-4">
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
          <Button asChild>
            <a href={SIGN_IN_HREF}>Sign in to try it</a>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function TutorialCard({ tutorial }: { tutorial: Tutorial }) {
  return (
    <Card className="flex flex-col overflow-hidden transition-shadow hover:shadow-md">
      <Thumbnail tutorial={tutorial} />
      <CardHeader className="gap-2">
        <div className="flex items-center justify-between gap-2">
          <DifficultyBadge difficulty={tutorial.difficulty} />
          <span className="text-xs text-muted-foreground">
            {tutorial.steps.length} steps · {tutorial.duration}
          </span>
        </div>
        <CardTitle className="text-primary">{tutorial.title}</CardTitle>
        <CardDescription className="leading-relaxed">{tutorial.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label="Topics" className="flex flex-wrap gap-1.5">
          {tutorial.topics.map((topic) => (
            <li key={topic}>
              <Badge variant="secondary" className="font-normal">
                {topic}
              </Badge>
            </li>
          ))}
        </ul>
        {tutorial.coming && <ComingNote className="mt-4">{tutorial.coming}</ComingNote>}
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
