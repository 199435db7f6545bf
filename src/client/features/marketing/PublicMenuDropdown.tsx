import { Menu } from 'lucide-react';
import { useCallback, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/misc';
import { usePublicText } from '../../i18n/lite';
import type { MenuLink } from './PublicMenu';

/** The header's menu, mounted open by the press that loaded it (see PublicMenu). */
export default function PublicMenuDropdown({
  links,
  openedByKeyboard,
}: {
  links: readonly MenuLink[];
  openedByKeyboard: boolean;
}) {
  const t = usePublicText('marketing');
  // Radix puts focus on the first item when a key opened the menu; here that key came before
  // the menu had loaded, so the first opening does it. Focused before Radix's own autofocus
  // runs, the item keeps it.
  const focusFirstItem = useRef(openedByKeyboard);
  const content = useCallback((node: HTMLDivElement | null) => {
    if (!node || !focusFirstItem.current) return;
    focusFirstItem.current = false;
    node.querySelector<HTMLElement>('[role="menuitem"]')?.focus({ preventScroll: true });
  }, []);
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('layout.menu.open')}
          className="sm:hidden"
        >
          <Menu aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent ref={content} align="end">
        {links.map((link) => (
          <DropdownMenuItem key={link.to} asChild>
            <Link to={link.to}>{link.label}</Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuItem asChild>
          <Link to="/getting-started">{t('layout.menu.quickStartSupport')}</Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
