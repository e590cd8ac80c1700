import type { ReactNode } from 'react';
import { useTranslation } from '../adapters/i18n';
import { countryName } from '../lib/format';
import { Flag } from './flag';

/**
 * A team's place in a standings list: its position (named for screen readers), its flag and
 * its country's name in the interface language, with `children` after the name. The list item
 * and the figures after it are the caller's.
 */
export function TeamPlace({
  position,
  flag,
  name,
  nameClassName,
  children,
}: {
  position: number;
  flag: string;
  name: string;
  nameClassName?: string | undefined;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <span className="position-badge">
        <span className="visually-hidden">{t('race.position')} </span>
        {position}
      </span>
      <Flag code={flag} />
      <span className={nameClassName}>
        {countryName(flag, name, i18n.language)}
        {children}
      </span>
    </>
  );
}
