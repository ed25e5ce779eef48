/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { PageIntro } from '../components/layout.tsx';
import { PRODUCT_NAME } from '../content/marketing.ts';
import type { SitePage } from '../render.tsx';

/** What an owner shows others when their Public Profile switch is on. */
export interface PublicProfileView {
  display_name: string | null;
  company_name: string | null;
  role: string;
  location: string | null;
  website: string | null;
  summary: string | null;
  years_experience: number | null;
  skills: string[];
  specialties: string[];
  certifications: string[];
  member_since: Date;
  completed_runs: number;
  properties: number;
}

function Tags({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div className="card">
      <h2>{title}</h2>
      <ul className="card-tags">
        {items.map((item) => (
          <li key={item} className="tag">
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /profiles/{id}: a host's public profile, with figures from their real work. */
export function publicProfilePage(profile: PublicProfileView): SitePage {
  const name = profile.display_name || 'A Turnproof host';
  const line = [profile.role, profile.company_name, profile.location].filter(Boolean).join(' · ');
  const hasAbout =
    Boolean(profile.summary) || profile.specialties.length + profile.skills.length + profile.certifications.length > 0;
  const since = profile.member_since.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
  return {
    title: `${name} – Professional Profile | ${PRODUCT_NAME}`,
    description: profile.summary ?? `${name} runs photo-proof turnovers with ${PRODUCT_NAME}.`,
    body: (
      <>
        <PageIntro title={name} lead={line || undefined}>
          <p>Member since {since}</p>
        </PageIntro>
        <section className="band" aria-labelledby="profile-stats-title">
          <div className="wrap">
            <h2 id="profile-stats-title">Track record</h2>
            <dl className="stats">
              <div>
                <dt>Completed inspections</dt>
                <dd>{profile.completed_runs}</dd>
              </div>
              <div>
                <dt>Properties</dt>
                <dd>{profile.properties}</dd>
              </div>
              {profile.years_experience !== null && (
                <div>
                  <dt>Years of experience</dt>
                  <dd>{profile.years_experience}</dd>
                </div>
              )}
            </dl>
          </div>
        </section>
        {hasAbout && (
          <section className="band alt" aria-label="About">
            <div className="wrap grid two">
              {profile.summary && (
                <div className="card">
                  <h2>About</h2>
                  <p>{profile.summary}</p>
                  {profile.website && (
                    <p>
                      <a href={profile.website} rel="nofollow noopener">
                        {profile.website}
                      </a>
                    </p>
                  )}
                </div>
              )}
              <Tags title="Specialties" items={profile.specialties} />
              <Tags title="Skills" items={profile.skills} />
              <Tags title="Certifications" items={profile.certifications} />
            </div>
          </section>
        )}
      </>
    ),
  };
}
