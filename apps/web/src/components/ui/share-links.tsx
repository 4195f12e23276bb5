import { useId, useState } from 'react';
import { Button } from './button.tsx';

/** The share channels of the app (spec: app-core §9): facebook, line, whatsapp, twitter, sms, link. */
export const shareChannels = ['whatsapp', 'line', 'facebook', 'twitter', 'sms'] as const;
export type ShareChannel = (typeof shareChannels)[number];

/** Where each channel's share page takes a text and a link. */
export function shareHref(channel: ShareChannel, text: string, url: string): string {
  const message = encodeURIComponent(`${text} ${url}`);
  switch (channel) {
    case 'whatsapp':
      return `https://wa.me/?text=${message}`;
    case 'line':
      return `https://line.me/R/share?text=${message}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`;
    case 'sms':
      return `sms:?&body=${message}`;
  }
}

/** A channel's page that writes to one person: a WhatsApp chat with the number, or the phone's SMS to it. */
export function directShareHref(channel: 'whatsapp' | 'sms', e164: string, text: string, url: string): string {
  const message = encodeURIComponent(`${text} ${url}`);
  return channel === 'whatsapp' ? `https://wa.me/${e164.replace(/\D/g, '')}?text=${message}` : `sms:${e164}?&body=${message}`;
}

export interface ShareLinksProps {
  url: string;
  /** The words sent with the link. */
  text: string;
  labels: Record<ShareChannel, string> & { copy: string; copied: string; share: string; linkLabel: string };
}

/**
 * A link to share: written out to read and copy, the device's own share sheet where it has one,
 * and each channel's share page.
 */
export function ShareLinks({ url, text, labels }: ShareLinksProps) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="share-links">
      <label className="field__label" htmlFor={id}>
        {labels.linkLabel}
      </label>
      <div className="share-links__row">
        <input id={id} className="text-input share-links__url" value={url} readOnly onFocus={(event) => event.currentTarget.select()} />
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? labels.copied : labels.copy}
        </Button>
      </div>
      <p className="visually-hidden" role="status">
        {copied ? labels.copied : ''}
      </p>
      {canShare ? (
        <Button block onClick={() => void navigator.share({ text, url }).catch(() => undefined)}>
          {labels.share}
        </Button>
      ) : null}
      <ul className="share-links__channels">
        {shareChannels.map((channel) => (
          <li key={channel}>
            <a className="share-links__channel" href={shareHref(channel, text, url)} target="_blank" rel="noopener noreferrer">
              {labels[channel]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
