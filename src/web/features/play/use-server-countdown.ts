import { useEffect, useRef, useState } from 'react';

/**
 * Milliseconds left until a deadline set by the server. The device clock is corrected by the
 * offset between the server's time and ours when the answer arrived, so a wrong device clock
 * does not change the countdown. Ticks every second; calls `onZero` once at zero.
 */
export function useServerCountdown(
  deadlineAt: string | null,
  serverNow: string,
  onZero: () => void,
): number {
  const [offset] = useState(() => Date.parse(serverNow) - Date.now());
  const remainingAt = () => (deadlineAt ? Date.parse(deadlineAt) - (Date.now() + offset) : 0);
  const [remaining, setRemaining] = useState(remainingAt);
  const fired = useRef(false);
  const zero = useRef(onZero);
  useEffect(() => {
    zero.current = onZero;
  });

  useEffect(() => {
    if (!deadlineAt) return;
    const tick = () => {
      const left = Date.parse(deadlineAt) - (Date.now() + offset);
      setRemaining(left);
      if (left <= 0 && !fired.current) {
        fired.current = true;
        zero.current();
      }
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadlineAt, offset]);

  return Math.max(0, remaining);
}
