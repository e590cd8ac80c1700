import type { HTMLInputTypeAttribute } from 'react';
import styles from './organise-screen.module.css';

/** The element id of a form field ('weeks.2.opensOn' → 'field-weeks-2-opensOn'). */
export const fieldId = (field: string) => `field-${field.replace(/\./g, '-')}`;

/** A labelled input with its hint and, once checked, its problem (announced with the field). */
export function TextField({
  field,
  label,
  value,
  onChange,
  problem,
  hint,
  type = 'text',
  maxLength,
  list,
  className,
}: {
  field: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem?: string | undefined;
  hint?: string;
  type?: HTMLInputTypeAttribute;
  maxLength?: number;
  list?: string;
  className?: string;
}) {
  const id = fieldId(field);
  const described = [hint && `${id}-hint`, problem && `${id}-problem`].filter(Boolean).join(' ');
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        maxLength={maxLength}
        list={list}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} className={styles.problem}>
          {problem}
        </p>
      )}
    </div>
  );
}
