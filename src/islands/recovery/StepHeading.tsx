import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

/**
 * A step's heading that takes focus when the step appears, so screen readers and keyboards follow the wizard. It is
 * shown, never a 1 px hidden heading: the focus has to be seen where it lands (WCAG 2.4.7). `describedBy` names
 * what the step says under it, read with the heading when it takes the focus.
 */
export default function StepHeading({ children, describedBy }: { children: ReactNode; describedBy?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return <h2 ref={heading} tabIndex={-1} className="step-heading" aria-describedby={describedBy}>{children}</h2>;
}
