import { LifeBuoy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The help-centre article about a screen, under its empty state: what to do first. */
export function HelpLink({ article }: { article: string }) {
  const { t } = useTranslation('support');
  return (
    <span className="mt-2 flex justify-center">
      <Link
        to={`/support/articles/${article}`}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <LifeBuoy aria-hidden className="size-4" /> {t('helpLink')}
      </Link>
    </span>
  );
}
