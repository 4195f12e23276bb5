import { createContext, use, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { focusHeading } from '../../../components/ui/focus-heading.ts';

/** The first step heading the page showed: it is left to the page's own focus (the route's h1). */
type Shown = { first: string | null };
const StepsContext = createContext<Shown | null>(null);

/** The page's steps: each heading after the first takes focus when its step appears. */
export function QrisSteps({ children }: { children: ReactNode }) {
  const [shown] = useState<Shown>(() => ({ first: null }));
  return <StepsContext value={shown}>{children}</StepsContext>;
}

/**
 * A step's h2. The step changes without a new address, so its heading takes focus to be read at
 * once; the first one drawn does not, as the page's heading is read then.
 */
export function StepHeading({ id, className, children }: { id?: string; className?: string; children: ReactNode }) {
  const shown = use(StepsContext);
  const own = useId();
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!shown || !ref.current) return;
    shown.first ??= own;
    if (shown.first !== own) focusHeading(ref.current);
  }, [shown, own]);
  return (
    <h2 ref={ref} id={id} className={['qris-step__title', className].filter(Boolean).join(' ')}>
      {children}
    </h2>
  );
}
