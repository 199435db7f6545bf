import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/ui/button';
import { usePublicText } from '../../i18n/lite';

export interface MenuLink {
  to: string;
  label: string;
}

const loadDropdown = () => import('./PublicMenuDropdown');
const PublicMenuDropdown = lazy(loadDropdown);

/**
 * The header's menu on small screens. Radix's menu and its positioning engine would weigh a
 * quarter of the landing page's script, so they load when a visitor first reaches for the button:
 * hover or focus starts the download, and the press opens the menu as soon as it has arrived.
 * Until then the button is the one the menu renders, closed.
 */
export function PublicMenu({ links }: { links: readonly MenuLink[] }) {
  const t = usePublicText('marketing');
  const [openedBy, setOpenedBy] = useState<'pointer' | 'keyboard' | null>(null);
  const trigger = (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-label={t('layout.menu.open')}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      className="sm:hidden"
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onPointerDown={(event) => {
        // As Radix's trigger does: the left button opens, and focus goes to the menu.
        if (event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        setOpenedBy('pointer');
      }}
      onKeyDown={(event) => {
        if (!['Enter', ' ', 'ArrowDown'].includes(event.key)) return;
        event.preventDefault();
        setOpenedBy('keyboard');
      }}
    >
      <Menu aria-hidden />
    </Button>
  );
  if (!openedBy) return trigger;
  return (
    <Suspense fallback={trigger}>
      <PublicMenuDropdown links={links} openedByKeyboard={openedBy === 'keyboard'} />
    </Suspense>
  );
}
