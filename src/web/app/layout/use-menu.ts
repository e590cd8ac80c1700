import { useEffect, useState } from 'react';
import { useLocation } from '../../adapters/router';

/** The mobile menu: open/closed, closed again on navigation and on Escape. */
export function useMenu() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const [path, setPath] = useState(location.pathname);
  if (path !== location.pathname) {
    setPath(location.pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  return { open, toggle: () => setOpen((value) => !value) };
}
