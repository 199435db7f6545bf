import { useId } from 'react';
import { LANGUAGES, type Language } from '@shared/constants/languages';
import { currentLanguage, isLanguage, setLanguage } from '../../i18n/language';
import { usePublicText } from '../../i18n/lite';
import { cn } from '../../lib/utils';

/**
 * The public pages' language choice: each language in its own name, so that a visitor who cannot
 * read the current one still finds theirs. The page redraws at once; the browser remembers it.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const t = usePublicText('marketing');
  const id = useId();
  const language = currentLanguage();
  return (
    <div className={cn('flex items-center gap-2 text-xs', className)}>
      <label htmlFor={id} className="text-slate-400">
        {t('layout.language.label')}
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) setLanguage(event.target.value);
        }}
        className="h-8 rounded-md border border-white/20 bg-[#0b2545] px-2 text-xs text-slate-100 hover:border-white/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-300"
      >
        {LANGUAGES.map((option: Language) => (
          <option key={option} value={option} lang={option}>
            {t(`layout.language.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
