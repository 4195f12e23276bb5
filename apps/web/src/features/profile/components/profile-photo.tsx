import { useId, useRef, useState, type ChangeEvent } from 'react';
import { profilePhotoContentTypes, type Profile } from '@kartu/contracts';
import { IMAGE_MAX_BYTES, IMAGE_MAX_MB } from '@kartu/core/constants';
import { toast } from '../../../components/feedback/toast-store.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError, describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useRemoveProfilePhoto } from '../api/remove-profile-photo.ts';
import { useSetProfilePhoto } from '../api/set-profile-photo.ts';

type Problem = 'type' | 'tooLarge' | 'tooSmall';

/** Why a chosen file cannot be sent, checked before any byte leaves the phone (spec: business-rules §5). */
function problemOf(file: File): Problem | null {
  if (!(profilePhotoContentTypes as readonly string[]).includes(file.type)) return 'type';
  return file.size > IMAGE_MAX_BYTES ? 'tooLarge' : null;
}

/** The server's refusals of an image, in the same words as the checks made here. */
function problemOfAnswer(error: unknown): Problem | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 413) return 'tooLarge';
  if (error.status === 415) return 'type';
  if (error.status === 422) return 'tooSmall';
  return null;
}

/** Up to two initials of the name (of any script), for the round placeholder. */
export function initialsOf(name: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toLocaleUpperCase() ?? '')
    .join('');
}

/** The member's photo, drawn round at 96 CSS pixels, or their initials; changed or removed here. */
export function ProfilePhoto({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const baseId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useSetProfilePhoto();
  const removal = useRemoveProfilePhoto();
  const busy = upload.isPending || removal.isPending;
  const initials = initialsOf(profile.name);

  const failed = (error: unknown) => {
    const known = problemOfAnswer(error);
    setProblem(known ? t(`photo.errors.${known}`, { mb: IMAGE_MAX_MB }) : describeApiError(error));
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again after a refusal is a new choice.
    event.target.value = '';
    if (!file) return;
    const found = problemOf(file);
    setProblem(found ? t(`photo.errors.${found}`, { mb: IMAGE_MAX_MB }) : null);
    if (found) return;
    upload.mutate(file, { onSuccess: () => toast.success(t('photo.changed')), onError: failed });
  };

  const remove = () => {
    setProblem(null);
    removal.mutate(undefined, { onSuccess: () => toast.success(t('photo.removed')), onError: failed });
  };

  return (
    <section className="profile-photo" aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`} className="visually-hidden">
        {t('photo.title')}
      </h2>
      {profile.photo ? (
        <img className="profile-photo__image" src={profile.photo.src} srcSet={profile.photo.srcSet} width={96} height={96} alt={t('photo.alt')} />
      ) : (
        <span className="profile-photo__image profile-photo__placeholder" role="img" aria-label={t('photo.none')}>
          <span aria-hidden="true">{initials}</span>
        </span>
      )}
      <div className="profile-photo__actions">
        <Button variant="secondary" onClick={() => inputRef.current?.click()} loading={upload.isPending} disabled={busy} aria-describedby={`${baseId}-hint`}>
          {t('photo.change')}
        </Button>
        {profile.photo ? (
          <Button variant="link" className="profile-photo__remove" onClick={remove} loading={removal.isPending} disabled={busy}>
            {t('photo.remove')}
          </Button>
        ) : null}
      </div>
      <input
        ref={inputRef}
        id={`${baseId}-file`}
        type="file"
        accept={profilePhotoContentTypes.join(',')}
        aria-label={t('photo.change')}
        tabIndex={-1}
        hidden
        onChange={choose}
      />
      <p id={`${baseId}-hint`} className="profile-photo__hint muted">
        {t('photo.hint', { mb: IMAGE_MAX_MB })}
      </p>
      {problem ? (
        <p className="field__error profile-photo__error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
