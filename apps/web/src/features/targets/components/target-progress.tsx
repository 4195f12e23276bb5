import type { TargetWords } from '../use-target-words.ts';

/** The bar towards a target, named for the target and read out as 'Rp 350.000 of Rp 1.000.000'. */
export function TargetProgress({ words, label, large = false }: { words: TargetWords; label: string; large?: boolean }) {
  return (
    <div className={large ? 'target-progress target-progress--large' : 'target-progress'}>
      <div className="target-progress__bar" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={words.percent} aria-valuetext={words.progress}>
        <span className="target-progress__fill" style={{ width: `${words.percent}%` }} />
      </div>
      <p className="target-progress__text" aria-hidden="true">
        {words.progress}
      </p>
    </div>
  );
}
