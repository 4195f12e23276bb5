import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';

/** Terms longer than this, or than this many lines, open at their beginning with a way to read them all. */
const SHORT_TERMS_LENGTH = 240;
const SHORT_TERMS_LINES = 4;

/** The beginning of long terms, cut after a word. */
function beginningOf(terms: string): string {
  const lines = terms.split('\n').slice(0, SHORT_TERMS_LINES).join('\n');
  if (lines.length <= SHORT_TERMS_LENGTH) return `${lines.trimEnd()}…`;
  const space = lines.lastIndexOf(' ', SHORT_TERMS_LENGTH);
  return `${lines.slice(0, space > 0 ? space : SHORT_TERMS_LENGTH).trimEnd()}…`;
}

/** The perk's terms under their heading; long ones collapsed to their beginning until the member opens them. */
export function PrivilegeTerms({ terms }: { terms: string }) {
  const { t } = useTranslation('privileges');
  const headingId = useId();
  const textId = useId();
  const [open, setOpen] = useState(false);
  const long = terms.length > SHORT_TERMS_LENGTH || terms.split('\n').length > SHORT_TERMS_LINES;
  return (
    <section className="privilege-terms" aria-labelledby={headingId}>
      <h2 id={headingId} className="privilege-terms__heading">
        {t('detail.terms')}
      </h2>
      <p id={textId} className="privilege-terms__text">
        {long && !open ? beginningOf(terms) : terms}
      </p>
      {long ? (
        <div>
          <Button variant="link" aria-expanded={open} aria-controls={textId} onClick={() => setOpen((was) => !was)}>
            {open ? t('detail.termsLess') : t('detail.termsMore')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
