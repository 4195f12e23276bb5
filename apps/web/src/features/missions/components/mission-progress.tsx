/** A bar of how far along, named for what it measures and read out as its figure: '2 of 3 tasks done', 'Rp 350.000 / Rp 1.000.000'. */
export function MissionProgress({ label, percent, text, large = false }: { label: string; percent: number; text: string; large?: boolean }) {
  return (
    <div className={large ? 'mission-progress mission-progress--large' : 'mission-progress'}>
      <div className="mission-progress__bar" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={text}>
        <span className="mission-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="mission-progress__text" aria-hidden="true">
        {text}
      </p>
    </div>
  );
}
