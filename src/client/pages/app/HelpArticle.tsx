import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { Badge } from '../../components/ui/badge';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { ArticleBlocks } from '../../features/support/HelpCentre';
import { SupportItemPage } from '../../features/support/SupportPage';
import { useArticle } from '../../features/support/use-support';

export default function HelpArticle() {
  const { t } = useTranslation('support');
  const { id = '' } = useParams();
  const { hash } = useLocation();
  const article = useArticle(id);

  // A link to one passage (`#anchor`) scrolls to it once the article is drawn.
  useEffect(() => {
    if (article.data && hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [article.data, hash]);

  return (
    <SupportItemPage
      query={article}
      notFound={t('article.notFound')}
      notFoundHint={t('article.notFoundHint')}
      what={t('article.what')}
    >
      {(a) => (
        <Card>
          <CardHeader>
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="secondary">{t(`help.sections.${a.section}`)}</Badge>
              {a.fallbackFrom && <Badge variant="outline">{t('article.englishOnly')}</Badge>}
            </div>
            <CardTitle className="text-xl">{a.title}</CardTitle>
            <CardDescription>{a.summary}</CardDescription>
          </CardHeader>
          <CardContent>
            <ArticleBlocks blocks={a.blocks} />
            {a.screens.length > 0 && (
              <p className="mt-6 flex flex-wrap gap-2 border-t pt-4 text-sm">
                <span className="text-muted-foreground">{t('article.screens')}</span>
                {a.screens.map((s) => (
                  <Link key={s} to={s} className="text-primary underline underline-offset-2">
                    {s}
                  </Link>
                ))}
              </p>
            )}
          </CardContent>
        </Card>
      )}
    </SupportItemPage>
  );
}
