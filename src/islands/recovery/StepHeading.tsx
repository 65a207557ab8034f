import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

/** A step's heading that takes focus when the step appears, so screen readers and keyboards follow the wizard. */
export default function StepHeading({ children, hidden = false }: { children: ReactNode; hidden?: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return <h2 ref={heading} tabIndex={-1} className={hidden ? 'visually-hidden step-heading' : 'step-heading'}>{children}</h2>;
}
