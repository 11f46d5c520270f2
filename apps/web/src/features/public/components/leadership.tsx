import { useTranslation } from 'react-i18next';
import { BarChart3, BriefcaseBusiness, Compass, Globe2 } from 'lucide-react';
import { TEAM, TEAM_IS_SAMPLE, type TeamIcon } from '../../../content/team';
import { InitialsAvatar, SampleNote, Section } from './section';

const ICONS: Record<TeamIcon, typeof Globe2> = { chart: BarChart3, briefcase: BriefcaseBusiness, globe: Globe2, compass: Compass };

/** SPEC §2 leadership section: heading, subtitle, four cards (image, name, title, description, icon). */
export function Leadership() {
  const { t } = useTranslation('publicText');
  return (
    <Section id="leadership" eyebrow={t('leadership.eyebrow')} title={t('leadership.heading')} subtitle={t('leadership.subtitle')} tone="muted">
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {TEAM.map((member) => {
          const Icon = ICONS[member.icon];
          return (
            <li key={member.id} className="flex flex-col rounded-2xl border border-slate-200 bg-slate-50 p-6 dark:border-slate-800 dark:bg-slate-950">
              <div className="flex items-start justify-between">
                {member.image ? (
                  <img src={member.image} alt="" className="size-16 rounded-full object-cover" width={64} height={64} loading="lazy" />
                ) : (
                  <InitialsAvatar name={member.name} size="lg" />
                )}
                <span className="rounded-lg bg-brand-50 p-2 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
                  <Icon className="size-5" aria-hidden />
                </span>
              </div>
              <h3 className="mt-5 text-lg font-semibold text-slate-900 dark:text-white">{member.name}</h3>
              <p className="text-sm font-medium text-brand-700 dark:text-brand-300">{t(`leadership.members.${member.id}.title`)}</p>
              <p className="mt-3 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{t(`leadership.members.${member.id}.description`)}</p>
            </li>
          );
        })}
      </ul>
      {TEAM_IS_SAMPLE && <SampleNote>{t('leadership.sample')}</SampleNote>}
    </Section>
  );
}
