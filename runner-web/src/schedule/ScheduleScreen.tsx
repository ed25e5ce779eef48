import { useEffect, useState } from 'react';
import { formatDateTime } from '@turnproof/config/time-format';
import { useLocale, useMessages } from '../i18n/locale.ts';
import { InvalidLinkScreen } from '../screens/InvalidLinkScreen.tsx';
import { LoadingScreen } from '../screens/LoadingScreen.tsx';

interface ScheduledRun {
  id: string;
  property_name: string;
  address: string;
  /** How to get in (only the holder of a live schedule link gets these). */
  access_code: string | null;
  notes: string | null;
  checklist_name: string;
  status: string;
  due_at: string | null;
  timezone: string;
  link: string;
}

interface Schedule {
  member: { name: string };
  runs: ScheduledRun[];
}

type ScheduleLoad =
  { state: 'loading' } | { state: 'invalid' } | { state: 'loaded'; schedule: Schedule; offline: boolean };

const cacheKey = (token: string) => `turnproof-schedule:${token}`;

/** The schedule from the API; offline, the copy kept from the last load; a bad or revoked link is invalid. */
async function loadSchedule(token: string): Promise<ScheduleLoad> {
  try {
    const response = await fetch(`/api/public/schedule?token=${encodeURIComponent(token)}`);
    if (response.status === 404 || response.status === 410) {
      localStorage.removeItem(cacheKey(token));
      return { state: 'invalid' };
    }
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const schedule = (await response.json()) as Schedule;
    localStorage.setItem(cacheKey(token), JSON.stringify(schedule));
    return { state: 'loaded', schedule, offline: false };
  } catch {
    const kept = localStorage.getItem(cacheKey(token));
    return kept ? { state: 'loaded', schedule: JSON.parse(kept) as Schedule, offline: true } : { state: 'invalid' };
  }
}

/** `/c/{token}`: a team member's runs for today and the coming days, each with its checklist link. */
export function ScheduleScreen({ token }: { token: string }) {
  const t = useMessages();
  const locale = useLocale();
  const [load, setLoad] = useState<ScheduleLoad>({ state: 'loading' });
  useEffect(() => {
    void loadSchedule(token).then(setLoad);
  }, [token]);

  if (load.state === 'loading') return <LoadingScreen />;
  if (load.state === 'invalid') return <InvalidLinkScreen />;
  const { schedule, offline } = load;
  const when = (run: ScheduledRun) => (run.due_at ? formatDateTime(run.due_at, run.timezone, locale) : '');
  return (
    <main className="card" aria-labelledby="schedule-title">
      <h1 id="schedule-title">{t.scheduleTitle(schedule.member.name)}</h1>
      {offline && <p role="status">{t.scheduleOffline}</p>}
      {schedule.runs.length === 0 && <p>{t.scheduleEmpty}</p>}
      <ul className="schedule-list">
        {schedule.runs.map((run) => (
          <li key={run.id}>
            <h2>{run.property_name}</h2>
            <p>
              {run.checklist_name} · {run.address}
            </p>
            {run.due_at && <p>{t.scheduleDue(when(run))}</p>}
            {(run.access_code || run.notes) && (
              <dl className="schedule-access">
                {run.access_code && (
                  <>
                    <dt>{t.accessCode}</dt>
                    <dd className="access-code">{run.access_code}</dd>
                  </>
                )}
                {run.notes && (
                  <>
                    <dt>{t.propertyNotes}</dt>
                    <dd className="access-notes">{run.notes}</dd>
                  </>
                )}
              </dl>
            )}
            <a className="button button-primary" href={run.link}>
              {t.scheduleOpen}
            </a>
          </li>
        ))}
      </ul>
      <a href={`/api/public/schedule.ics?token=${encodeURIComponent(token)}`}>{t.scheduleFeed}</a>
    </main>
  );
}
