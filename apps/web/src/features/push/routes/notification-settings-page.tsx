import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { pushSettingKinds } from '@kartu/contracts';
import { toast } from '../../../components/feedback/toast-store.ts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useSite } from '../../../lib/site.tsx';
import { useChangePushSetting } from '../api/change-push-setting.ts';
import { usePushPublicKey } from '../api/get-push-public-key.ts';
import { usePushSettings } from '../api/get-push-settings.ts';
import { currentSubscription, isPushSupported, notificationPermission } from '../browser-push.ts';
import { turnOffPush, turnOnPush } from '../push-device.ts';
import { pushPreferences } from '../push-preferences.ts';
import { PushSwitch } from '../components/push-switch.tsx';
import '../push.css';

// spec: business-rules §2 notification settings; app-core §4 notification permission.
export function NotificationSettingsPage() {
  const { t } = useTranslation('push');
  const navigate = useNavigate();
  return (
    <AppLayout header={<Header title={t('settings.title')} onBack={() => void navigate(paths.settings.href())} />}>
      <div className="push-settings">
        <DeviceSection />
        <KindsSection />
      </div>
    </AppLayout>
  );
}

type DeviceState = 'checking' | 'on' | 'off' | 'blocked' | 'unsupported' | 'appView' | 'unavailable';

/** Push on this browser: the browser's permission and subscription, and whether push was turned off here. */
async function deviceStateNow(): Promise<DeviceState> {
  const permission = notificationPermission();
  if (permission === null) return 'unsupported';
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted' || pushPreferences.read().turnedOff) return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

function DeviceSection() {
  const { t } = useTranslation('push');
  const site = useSite();
  const publicKey = usePushPublicKey({ enabled: true });
  const [state, setState] = useState<DeviceState>('checking');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    deviceStateNow()
      .then((found) => current && setState(found))
      .catch(() => current && setState('off'));
    return () => {
      current = false;
    };
  }, []);

  const shown: DeviceState = !isPushSupported() ? 'unsupported' : site.viewMode.includes('app') ? 'appView' : publicKey.isError ? 'unavailable' : state;
  const change = async (on: boolean) => {
    setBusy(true);
    try {
      if (!on) {
        await turnOffPush();
        setState('off');
        toast.success(t('settings.device.turnedOff'));
      } else if (publicKey.data) {
        const result = await turnOnPush(publicKey.data);
        setState(result === 'on' ? 'on' : result === 'blocked' ? 'blocked' : result === 'unsupported' ? 'unsupported' : 'off');
        if (result === 'on') toast.success(t('settings.device.turnedOn'));
      }
    } catch (error) {
      console.warn('Push could not be changed on this browser', error);
      toast.error(t('settings.device.failed'));
      setState(await deviceStateNow().catch((): DeviceState => 'off'));
    } finally {
      setBusy(false);
    }
  };

  const hint = shown === 'on' || shown === 'off' || shown === 'checking' ? t(shown === 'on' ? 'settings.device.on' : 'settings.device.off') : t(`settings.device.${shown}`);
  return (
    <section className="push-settings__section" aria-labelledby="push-device-heading">
      <h2 id="push-device-heading" className="push-settings__heading">
        {t('settings.device.heading')}
      </h2>
      <PushSwitch
        name={t('settings.device.label')}
        hint={hint}
        checked={shown === 'on'}
        disabled={busy || shown === 'checking' || !publicKey.data || !['on', 'off'].includes(shown)}
        onChange={(on) => void change(on)}
      />
    </section>
  );
}

function KindsSection() {
  const { t } = useTranslation('push');
  const { merchant } = useSite();
  const settings = usePushSettings();
  const changeSetting = useChangePushSetting();

  return (
    <section className="push-settings__section" aria-labelledby="push-kinds-heading">
      <h2 id="push-kinds-heading" className="push-settings__heading">
        {t('settings.kinds.heading')}
      </h2>
      <p className="push-settings__hint">{t('settings.kinds.hint')}</p>
      {settings.isPending ? (
        <LoadingRegion label={t('settings.kinds.loading')} className="push-settings__skeleton">
          {pushSettingKinds.map((kind) => (
            <Skeleton key={kind} height="56px" />
          ))}
        </LoadingRegion>
      ) : settings.isError ? (
        <div role="alert">
          <p>{describeApiError(settings.error) ?? t('settings.kinds.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void settings.refetch()}>
            {t('settings.kinds.retry')}
          </Button>
        </div>
      ) : (
        <ul className="push-settings__list">
          {settings.data.map((setting) => (
            <li key={setting.kind}>
              <PushSwitch
                name={t(`settings.kinds.names.${setting.kind}`, { brand: merchant.brand })}
                checked={setting.enabled}
                onChange={(enabled) =>
                  changeSetting.mutate({ kind: setting.kind, enabled }, { onError: (error) => toast.error(describeApiError(error) ?? t('settings.kinds.failed')) })
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
