import { useState, useSyncExternalStore } from 'react';
import { useMessages } from '../i18n/locale.ts';
import { lastRunToken, tokenFromPath } from '../run-token.ts';
import { NextJobPushError, pushPossible, subscribeForNextJob } from '../sw/next-job-push.ts';

type State = 'idle' | 'asking' | 'on' | 'off' | 'unsupported' | 'denied' | 'failed';

const noChanges = () => () => {};
const pageToken = () => tokenFromPath(window.location.pathname) ?? lastRunToken(window.location.pathname);
const supportHere = () => (pushPossible() ? Notification.permission : 'unsupported');

/**
 * "Notify me of my next job" on the run's last card: the cleaner allows browser notifications, and their
 * next assignment arrives on this phone; a sentence says so, or why it cannot.
 */
export function NextJobNotice() {
  const t = useMessages();
  // Read in the browser only: the server renders this card too, and knows neither the page nor its permissions.
  const token = useSyncExternalStore(noChanges, pageToken, () => null);
  const support = useSyncExternalStore(noChanges, supportHere, () => null);
  const [outcome, setOutcome] = useState<State | null>(null);
  const state: State = outcome ?? (support === 'unsupported' || support === 'denied' ? support : 'idle');
  if (!token) return null;

  const allow = async () => {
    setOutcome('asking');
    try {
      await subscribeForNextJob(token);
      setOutcome('on');
    } catch (error) {
      setOutcome(error instanceof NextJobPushError ? error.blocker : 'failed');
    }
  };

  if (state === 'idle' || state === 'asking') {
    return (
      <button
        type="button"
        className="button button-secondary"
        disabled={state === 'asking'}
        onClick={() => void allow()}
      >
        {t.nextJobNotify}
      </button>
    );
  }
  return (
    <p className="hint" role="status">
      {t.nextJobState[state]}
    </p>
  );
}
