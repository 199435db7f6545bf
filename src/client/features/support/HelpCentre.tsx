import { BookOpen, Search } from 'lucide-react';
import { Fragment, useDeferredValue, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ArticleHit, HelpBlock, HelpInline } from '@shared/api/support';
import { Badge } from '../../components/ui/badge';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { apiErrorMessage } from '../../lib/api';
import { useSearchParam } from '../placeholders/use-search-param';
import { useArticleSearch } from './use-support';

/** A snippet's matched words (between ⟨ and ⟩ from the server) drawn as marks, as text. */
export function Highlighted({ text }: { text: string }) {
  const parts = text.split(/(⟨[^⟩]*⟩)/);
  return (
    <>
      {parts.map((part, i) =>
        part.startsWith('⟨') && part.endsWith('⟩') ? (
          <mark key={i} className="rounded-sm bg-amber-200/70 px-0.5 text-foreground">
            {part.slice(1, -1)}
          </mark>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

function Inline({ parts }: { parts: HelpInline[] }) {
  return (
    <>
      {parts.map((p, i) => {
        if (p.kind === 'strong') return <strong key={i}>{p.text}</strong>;
        if (p.kind === 'code')
          return (
            <code key={i} className="rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]">
              {p.text}
            </code>
          );
        if (p.kind === 'link' && p.href) {
          return p.href.startsWith('/') ? (
            <Link key={i} to={p.href} className="text-primary underline underline-offset-2">
              {p.text}
            </Link>
          ) : (
            <a
              key={i}
              href={p.href}
              className="text-primary underline underline-offset-2"
              rel="noreferrer"
            >
              {p.text}
            </a>
          );
        }
        return <Fragment key={i}>{p.text}</Fragment>;
      })}
    </>
  );
}

const LIST = 'grid gap-1 pl-5 marker:text-muted-foreground';

/** An article's blocks as elements: the server parsed its Markdown, nothing is drawn as HTML. */
export function ArticleBlocks({ blocks }: { blocks: HelpBlock[] }) {
  return (
    <div className="grid gap-3 text-sm leading-relaxed">
      {blocks.map((b, i): ReactNode => {
        if (b.kind === 'heading') {
          return (
            <h2 key={i} id={b.anchor} className="mt-3 scroll-mt-20 text-base font-semibold">
              <Inline parts={b.lines[0]!} />
            </h2>
          );
        }
        if (b.kind === 'paragraph') {
          return (
            <p key={i}>
              <Inline parts={b.lines[0]!} />
            </p>
          );
        }
        const items = b.lines.map((line, j) => (
          <li key={j}>
            <Inline parts={line} />
          </li>
        ));
        return b.kind === 'ordered' ? (
          <ol key={i} className={`list-decimal ${LIST}`}>
            {items}
          </ol>
        ) : (
          <ul key={i} className={`list-disc ${LIST}`}>
            {items}
          </ul>
        );
      })}
    </div>
  );
}

function HitLink({ hit, searched }: { hit: ArticleHit; searched: boolean }) {
  const { t } = useTranslation('support');
  return (
    <Link
      to={hit.url}
      className="grid gap-1 rounded-md border p-3 transition-colors hover:bg-muted"
    >
      <span className="flex flex-wrap items-center gap-2 text-sm font-medium">
        {hit.title}
        {searched && <Badge variant="secondary">{t(`help.sections.${hit.section}`)}</Badge>}
      </span>
      {searched && hit.heading !== hit.title && (
        <span className="text-xs text-muted-foreground">{hit.heading}</span>
      )}
      <span className="text-xs text-muted-foreground">
        <Highlighted text={hit.snippet} />
      </span>
    </Link>
  );
}

/** Search results best first; without a query, every article under its section, in two columns. */
function HitList({ hits, grouped }: { hits: ArticleHit[]; grouped: boolean }) {
  const { t } = useTranslation('support');
  if (!grouped) {
    return (
      <ul className="grid gap-2">
        {hits.map((hit) => (
          <li key={hit.id}>
            <HitLink hit={hit} searched />
          </li>
        ))}
      </ul>
    );
  }
  const sections = [...new Set(hits.map((h) => h.section))];
  return (
    <div className="gap-4 md:columns-2">
      {sections.map((section) => (
        <section key={section} className="mb-4 break-inside-avoid">
          <h3 className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            {t(`help.sections.${section}`)}
          </h3>
          <ul className="grid gap-2">
            {hits
              .filter((h) => h.section === section)
              .map((hit) => (
                <li key={hit.id}>
                  <HitLink hit={hit} searched={false} />
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** The help centre: every article by section, or the passages a search ranks highest. */
export function HelpCentre() {
  const { t } = useTranslation('support');
  const [q, setQ] = useSearchParam('q', '');
  const query = useDeferredValue(q.trim());
  const search = useArticleSearch(query);
  const hits = search.data?.articles ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BookOpen aria-hidden className="size-4" /> {t('help.title')}
        </CardTitle>
        <CardDescription>{t('help.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={t('help.searchPlaceholder')}
            aria-label={t('help.search')}
            className="pl-9"
          />
        </div>
        {search.isPending ? (
          <Spinner />
        ) : search.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {apiErrorMessage(search.error)}
          </p>
        ) : hits.length === 0 ? (
          <EmptyState icon={Search} title={t('help.noResults', { query })}>
            {t('help.noResultsHint')}
          </EmptyState>
        ) : (
          <>
            {query && (
              <p className="text-xs text-muted-foreground" aria-live="polite">
                {t('help.results', { count: hits.length, query })}
              </p>
            )}
            <HitList hits={hits} grouped={!query} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
