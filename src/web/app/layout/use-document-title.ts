import { useEffect, type RefObject } from 'react';

/**
 * Keeps the document's title on the screen's level-one heading and the product's name
 * ("Leaderboard – Podium"), so that a screen reader announces where a navigation landed and a
 * browser's tabs and history tell the screens apart (WCAG 2.4.2). A screen's heading arrives
 * after the frame (its code, its data), and changes with the language: the title follows it.
 */
export function useDocumentTitle(main: RefObject<HTMLElement | null>, productName: string): void {
  useEffect(() => {
    const element = main.current;
    if (!element) return;
    const update = () => {
      const heading = element.querySelector('h1')?.textContent?.replace(/\s+/g, ' ').trim();
      const title =
        heading && heading !== productName ? `${heading} – ${productName}` : productName;
      if (document.title !== title) document.title = title;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(element, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [main, productName]);
}
