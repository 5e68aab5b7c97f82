// The four progress steps (seed 000 §4, §9) while an image is made: each step is a quarter of
// the call's time limit; the last one stays until the answer comes.
import { useEffect, useState } from 'react';
import { TRY_ON_LIMITS, TRY_ON_STEPS } from './texts';

export function TryOnProgress({ timeoutMs, label }: { timeoutMs: number; label: string }) {
  const [step, setStep] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const every = timeoutMs / TRY_ON_LIMITS.progressSteps;
    const timer = setInterval(() => setStep(Math.min(TRY_ON_LIMITS.progressSteps - 1, Math.floor((Date.now() - started) / every))), 500);
    return () => clearInterval(timer);
  }, [timeoutMs]);
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-2">
      <p className="text-sm font-medium">{label}</p>
      <ol className="flex flex-col gap-1 text-sm">
        {TRY_ON_STEPS.map((text, i) => (
          <li key={text} aria-current={i === step ? 'step' : undefined} className={i <= step ? 'text-neutral-900 dark:text-neutral-100' : 'text-neutral-400'}>
            {i < step ? '✓' : `${i + 1}.`} {text}
          </li>
        ))}
      </ol>
      <div className="h-1.5 overflow-hidden rounded bg-neutral-200 dark:bg-neutral-700">
        <div className="h-full bg-neutral-900 transition-all dark:bg-neutral-100" style={{ width: `${((step + 1) / TRY_ON_LIMITS.progressSteps) * 100}%` }} />
      </div>
    </div>
  );
}
