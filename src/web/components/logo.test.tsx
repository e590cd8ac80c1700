import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Logo } from './logo';

/** The mark's shapes, one string each, whatever the markup's layout. */
const shapesOf = (svg: string) =>
  [...svg.matchAll(/<(rect|path)\b([^>]*?)\/?>/g)].map(
    ([, tag, attributes]) => `${tag} ${attributes!.replace(/\s+/g, ' ').trim()}`,
  );

describe('Logo', () => {
  it("draws the same mark as the loading screen that index.html paints before the app's scripts", () => {
    const page = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
    const splash = /<svg\b[\s\S]*?<\/svg>/.exec(page)?.[0];
    expect(splash, 'the loading screen has an inline SVG').toBeDefined();
    const mark = shapesOf(renderToStaticMarkup(<Logo />));
    expect(mark).toHaveLength(3);
    expect(shapesOf(splash!)).toEqual(mark);
  });
});
