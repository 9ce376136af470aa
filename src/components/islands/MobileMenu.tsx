import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { MenuIcon, XIcon } from './icons.tsx';

interface Props {
  /** The menu's links (src/components/layout/MobileNav.astro), passed as static HTML. */
  children?: ReactNode;
}

/**
 * The small-screen menu. The server renders it as native <details> elements, so it opens, expands one
 * section at a time (details[name]) and navigates before this code loads; hydrating on first interaction
 * adds Escape to close with focus back on the toggle, closing on a link choice or a tap outside, and
 * one-section-at-a-time for browsers without details[name].
 */
function Menu({ children }: Props) {
  const menuRef = useRef<HTMLDetailsElement>(null);
  const toggleRef = useRef<HTMLElement>(null);

  const close = (returnFocus: boolean) => {
    const menu = menuRef.current;
    if (!menu?.open) return;
    menu.open = false;
    if (returnFocus) toggleRef.current?.focus();
  };

  useEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!menu.contains(event.target as Node)) close(false);
    };
    // 'toggle' does not bubble; a capturing listener on the menu still sees each section open.
    const onSectionToggle = (event: Event) => {
      const opened = event.target as HTMLDetailsElement;
      if (opened === menu || !opened.open) return;
      for (const other of menu.querySelectorAll<HTMLDetailsElement>('details[name]')) if (other !== opened) other.open = false;
    };
    document.addEventListener('pointerdown', onPointerDown);
    menu.addEventListener('toggle', onSectionToggle, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      menu.removeEventListener('toggle', onSectionToggle, true);
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    }
  };

  const onClick = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) close(false);
  };

  return (
    <details ref={menuRef} className="mobile-menu group/menu" onKeyDown={onKeyDown} onClick={onClick}>
      <summary
        ref={toggleRef}
        className="flex size-11 cursor-pointer list-none items-center justify-center rounded-lg text-ink-800 hover:bg-ink-100 [&::-webkit-details-marker]:hidden"
      >
        <span className="sr-only">Menu</span>
        <MenuIcon className="size-6 group-open/menu:hidden" />
        <XIcon className="hidden size-6 group-open/menu:block" />
      </summary>
      {children}
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
