// The UI components pages' stand-in for a server call: the examples show loading states without reaching a server.
import { useEffect, useRef } from 'react';

/** Returns a function that runs `then` after `ms`, as a server's answer would; the page closing forgets it. */
export function useSimulatedCall(ms: number) {
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (then: () => void) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(then, ms);
  };
}
