// One binding drawn as key caps; screen readers hear "Ctrl + Shift + P".
import { Fragment } from 'react';

export function KeyCaps({ keys }: { keys: string[] }) {
  return (
    <span className="inline-flex items-center gap-1">
      {keys.map((k, i) => (
        // A binding's keys are distinct (Ctrl, Shift, P).
        <Fragment key={k}>
          {i > 0 && <span className="sr-only">+</span>}
          <kbd>{k}</kbd>
        </Fragment>
      ))}
    </span>
  );
}
