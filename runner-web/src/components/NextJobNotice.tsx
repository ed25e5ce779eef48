import { useState } from 'react';
import { useMessages } from '../i18n/locale.ts';
import { lastRunToken, tokenFromPath } from '../run-token.ts';
import { NextJobPushError, pushPossible, subscribeForNextJob } from '../sw/next-job-push.ts';

type State = 'idle' | 'asking' | 'on' | 'off' | 'unsupported' | 'denied' | 'failed';

/**
 * "Notify me of my next job" on the run's last card: the cleaner allows browser notifications, and their
 * next assignment arrives on this phone; a sentence says so, or why it cannot.
 */
export function NextJobNotice() {
  const t = useMessages();
  const [state, setState] = useState<State>(() =>
    !pushPossible() ? 'unsupported' : Notification.permission === 'denied' ? 'denied' : 'idle',
  );
  const token = tokenFromPath(window.location.pathname) ?? lastRunToken(window.location.pathname);
  if (!token) return null;

  const allow = async () => {
    setState('asking');
    try {
      await subscribeForNextJob(token);
      setState('on');
    } catch (error) {
      setState(error instanceof NextJobPushError ? error.blocker : 'failed');
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
