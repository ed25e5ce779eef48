import { useEffect, useState } from 'react';
import { getSession } from '../auth/session.ts';

/** The part of the session's `access` (GET /api/auth/session) that the team screens read. */
interface TeamAccess {
  features: { team: boolean };
  limits: { max_team_members: number | null };
}

/** Whether the owner's plan includes team management: undefined while the session loads. */
export function useTeamAccess(): TeamAccess | null | undefined {
  const [access, setAccess] = useState<TeamAccess | null>();
  useEffect(() => {
    let current = true;
    getSession().then(
      (session) => current && setAccess((session as { access?: TeamAccess | null }).access ?? null),
      () => current && setAccess(null),
    );
    return () => {
      current = false;
    };
  }, []);
  return access;
}
