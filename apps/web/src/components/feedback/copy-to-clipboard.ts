import { getI18n } from '../../lib/i18n.tsx';
import { toast } from './toast-store.ts';

/** Copies and confirms with the 'Copied to clipboard' toast (spec: app-core §2 Layout). */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    return false;
  }
  toast.success(getI18n().t('toast.copied'));
  return true;
}
