import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type SyntheticEvent } from 'react';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { ChevronDownIcon, MenuIcon, XIcon } from './icons.tsx';
import type { MenuItem } from '../../lib/menus.ts';

interface Props {
  menu: MenuItem[];
  /** The page being shown, as a site path ('/services/security'). */
  currentPath: string;
}

/**
 * The small-screen menu. The server renders it as native <details> elements, so it opens, expands one
 * section at a time (details[name]) and navigates before this code loads; hydrating on first interaction
 * adds Escape to close, focus return, closing on link choice or outside click, and exclusivity for
 * browsers without details[name].
 */
function Menu({ menu, currentPath }: Props) {
  const menuRef = useRef<HTMLDetailsElement>(null);
  const toggleRef = useRef<HTMLElement>(null);

  const close = (returnFocus: boolean) => {
    const menu = menuRef.current;
    if (!menu?.open) return;
    menu.open = false;
    if (returnFocus) toggleRef.current?.focus();
  };

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (menuRef.current && !menuRef.current.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    }
  };

  const onLinkClick = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) close(false);
  };

  const onSectionToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    const opened = event.currentTarget;
    if (!opened.open) return;
    for (const other of menuRef.current?.querySelectorAll<HTMLDetailsElement>('details[data-section]') ?? []) {
      if (other !== opened) other.open = false;
    }
  };

  return (
    <details ref={menuRef} className="mobile-menu group/menu" onKeyDown={onKeyDown}>
      <summary
        ref={toggleRef}
        className="flex size-11 cursor-pointer list-none items-center justify-center rounded-lg text-ink-800 hover:bg-ink-100 [&::-webkit-details-marker]:hidden"
      >
        <span className="sr-only">Menu</span>
        <MenuIcon className="size-6 group-open/menu:hidden" />
        <XIcon className="hidden size-6 group-open/menu:block" />
      </summary>
      <nav
        aria-label="Mobile"
        onClick={onLinkClick}
        className="fixed inset-x-0 top-(--header-height) bottom-0 overflow-y-auto border-t border-ink-200 bg-white px-4 pt-2 pb-8"
      >
        <ul className="divide-y divide-ink-100">
          {menu.map((item) => (
            <li key={item.href} className="relative">
              <a
                href={item.href}
                aria-current={currentPath === item.href ? 'page' : undefined}
                className="block rounded py-3.5 pr-14 text-base font-semibold text-ink-900 aria-[current]:text-brand-700"
              >
                {item.label}
              </a>
              {item.children && (
                <details name="mobile-nav-section" data-section="" className="group/section" onToggle={onSectionToggle}>
                  <summary className="absolute top-1 right-0 flex size-11 cursor-pointer list-none items-center justify-center rounded-lg text-ink-600 hover:bg-ink-100 [&::-webkit-details-marker]:hidden">
                    <span className="sr-only">{item.label} pages</span>
                    <ChevronDownIcon className="size-5 transition-transform group-open/section:rotate-180" />
                  </summary>
                  <ul className="mb-3 ml-3 border-l-2 border-brand-100 pl-3">
                    {item.children.map((child) => (
                      <li key={child.href}>
                        <a
                          href={child.href}
                          aria-current={currentPath === child.href ? 'page' : undefined}
                          className="block rounded py-2.5 text-sm text-ink-700 hover:text-brand-700 aria-[current]:font-semibold aria-[current]:text-brand-700"
                        >
                          {child.label}
                        </a>
                      </li>
                    ))}
                  </ul>
                </details>
              )}
            </li>
          ))}
        </ul>
        <a
          href="/contact"
          className="mt-6 flex items-center justify-center rounded-lg bg-brand-600 px-4 py-3 text-base font-semibold text-white hover:bg-brand-700"
        >
          Contact Us
        </a>
      </nav>
    </details>
  );
}

export default function MobileMenu(props: Props) {
  return (
    <ErrorBoundary>
      <Menu {...props} />
    </ErrorBoundary>
  );
}
