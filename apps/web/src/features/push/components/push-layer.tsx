import { Suspense, useEffect, useEffectEvent, useRef, useState } from 'react';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { matchPath, useLocation, useNavigate } from 'react-router';
import type { PushKind } from '@kartu/contracts';
import { toast } from '../../../components/feedback/toast-store.ts';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { usePageQueryClient } from '../../../lib/query-client.ts';
import { getSession, subscribeSession } from '../../../lib/session.ts';
import { useSite } from '../../../lib/site.tsx';
import { pushPublicKeyQueryOptions, usePushPublicKey } from '../api/get-push-public-key.ts';
import { notificationPermission, registerServiceWorker, unsubscribeBrowser } from '../browser-push.ts';
import { destinationOf, reloadAfterPush } from '../push-destination.ts';
import { keepPushRegistered, turnOnPush } from '../push-device.ts';
import { hasModal, readPushQuery, readWorkerMessage, withoutPushQuery, type PushNotice } from '../push-notice.ts';
import { askLater, mayAsk } from '../push-preferences.ts';
import { PushPrompt } from './push-prompt.tsx';
import { RewardModal } from './reward-modal.tsx';
import '../push.css';

// A member who signs out leaves no subscription behind on this browser: the next member signed in
// here subscribes it anew, and the server drops the old one at its next push (410).
subscribeSession(() => {
  if (getSession().user === null) unsubscribeBrowser().catch((error: unknown) => console.warn('This browser could not stop its pushes', error));
});

// Sign-in and status pages are no place to ask (app-core §4 notification permission).
const quietPages = [
  paths.home,
  paths.login,
  paths.passcode,
  paths.newPin,
  paths.registerPhoneNumber,
  paths.authorize,
  paths.redirect,
  paths.featureRedirect,
  paths.ssoInvalid,
  paths.userUnderReview,
  paths.maintenance,
  paths.sorry,
  paths.featureLocked,
  paths.deviceLocked,
  paths.lock,
  paths.lock24h,
  paths.retry,
  paths.qrLocked,
].map((page) => page.path);

/** The site runs inside the merchant's native app, which has notifications of its own (app-core §3 Site viewMode). */
const isAppViewMode = (viewMode: string) => viewMode.includes('app');

/** Web Push for the signed-in member: loaded after the page by DeferredPush. */
export function PushLayer() {
  return (
    <QueryClientProvider client={usePageQueryClient()}>
      <Suspense fallback={null}>
        <PushLayerContent />
      </Suspense>
    </QueryClientProvider>
  );
}

type ModalNotice = PushNotice & { kind: PushKind };

function PushLayerContent() {
  const { t } = useTranslation('push');
  const site = useSite();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [permission, setPermission] = useState(notificationPermission);
  // The key is read when a granted browser must stay registered, or when the member turns push on.
  const publicKey = usePushPublicKey({ enabled: permission === 'granted' });
  const [askable, setAskable] = useState(() => mayAsk(Date.now()));
  const [asking, setAsking] = useState(false);
  const [modals, setModals] = useState<ModalNotice[]>([]);
  const opened = useRef(new Set<string>());

  // spec: app-core §7: the service worker at /sw.js, registered once the member is signed in.
  useEffect(() => {
    void registerServiceWorker();
  }, []);

  // A permission changed in the browser's own settings is seen at once.
  useEffect(() => {
    let status: PermissionStatus | null = null;
    const update = () => setPermission(notificationPermission());
    navigator.permissions
      ?.query({ name: 'notifications' })
      .then((found) => {
        status = found;
        status.addEventListener('change', update);
      })
      .catch(() => undefined);
    return () => status?.removeEventListener('change', update);
  }, []);

  // spec: app-core §4: granted registers.
  useEffect(() => {
    if (permission !== 'granted' || !publicKey.data) return;
    keepPushRegistered(publicKey.data).catch((error: unknown) => console.warn('This browser could not be registered for push', error));
  }, [permission, publicKey.data]);

  const follow = (notice: PushNotice) => {
    void destinationOf(notice).then((url) => navigate(url));
  };

  /** A push that arrived while the app is open, or that the member opened (`onItsPage`: the app opened on its page). */
  const onPush = useEffectEvent((event: 'received' | 'opened', notice: PushNotice, onItsPage = false) => {
    reloadAfterPush(queryClient, notice, location.pathname);
    if (hasModal(notice)) {
      // One modal per message, whether it was told when it arrived or when it was opened.
      if (opened.current.has(notice.messageId)) return;
      opened.current.add(notice.messageId);
      setModals((shown) => [...shown, notice]);
    } else if (event === 'opened' && !onItsPage) {
      follow(notice);
    }
  });

  useEffect(() => {
    const worker = navigator.serviceWorker;
    const listener = (event: MessageEvent) => {
      const message = readWorkerMessage(event.data);
      if (message) onPush(message.event, message.notice);
    };
    worker.addEventListener('message', listener);
    worker.startMessages();
    return () => worker.removeEventListener('message', listener);
  }, []);

  const openedHere = useEffectEvent((search: string) => {
    const notice = readPushQuery(search);
    if (!notice) return;
    void navigate({ pathname: location.pathname, search: withoutPushQuery(search), hash: location.hash }, { replace: true });
    onPush('opened', notice, notice.link !== null);
  });
  useEffect(() => openedHere(location.search), [location.search]);

  const turnOn = async () => {
    setAsking(true);
    try {
      const key = await queryClient.fetchQuery(pushPublicKeyQueryOptions()).catch(() => null);
      if (key === null) {
        // The site sends no pushes (no keys configured): nothing to turn on, and nothing to ask again.
        askLater(Date.now());
        setAskable(false);
        toast.error(t('settings.device.failed'));
        return;
      }
      const result = await turnOnPush(key);
      if (result === 'on') toast.success(t('settings.device.turnedOn'));
      if (result === 'dismissed') {
        askLater(Date.now());
        setAskable(false);
      }
    } catch (error) {
      console.warn('Push could not be turned on', error);
      toast.error(t('settings.device.failed'));
    } finally {
      setAsking(false);
      setPermission(notificationPermission());
    }
  };

  const notNow = () => {
    askLater(Date.now());
    setAskable(false);
  };

  const closeModal = () => setModals((shown) => shown.slice(1));
  const quiet = quietPages.some((page) => matchPath(page, location.pathname) !== null);
  const showPrompt = permission === 'default' && askable && !quiet && !isAppViewMode(site.viewMode);
  const modal = modals[0];

  return (
    <>
      {showPrompt ? <PushPrompt onTurnOn={() => void turnOn()} onNotNow={notNow} busy={asking} /> : null}
      {modal ? (
        <RewardModal
          key={modal.messageId}
          notice={modal}
          onClose={closeModal}
          onAction={() => {
            closeModal();
            follow(modal);
          }}
        />
      ) : null}
    </>
  );
}
