import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BADGE_LEVELS, type BadgeLevel } from '../../../content/badges';
import { ContentPage } from '../components/content-page';

const MEDAL: Record<BadgeLevel, { fill: string; ring: string; label: string }> = {
  member: { fill: '#0f766e', ring: '#99f6e4', label: 'I' },
  leader: { fill: '#1d4ed8', ring: '#bfdbfe', label: 'II' },
  expert: { fill: '#7c3aed', ring: '#ddd6fe', label: 'III' },
  master: { fill: '#b45309', ring: '#fde68a', label: 'IV' },
};

function Medal({ level }: { level: BadgeLevel }) {
  const medal = MEDAL[level];
  return (
    <svg viewBox="0 0 64 64" className="size-16" aria-hidden>
      <path d="M20 4h10l4 18H24z" fill={medal.ring} opacity="0.9" />
      <path d="M44 4H34l-4 18h10z" fill={medal.fill} opacity="0.7" />
      <circle cx="32" cy="40" r="20" fill={medal.fill} />
      <circle cx="32" cy="40" r="15" fill="none" stroke={medal.ring} strokeWidth="2" />
      <text x="32" y="45.5" textAnchor="middle" fontSize="14" fontWeight="700" fill="#fff" fontFamily="ui-sans-serif, system-ui">
        {medal.label}
      </text>
    </svg>
  );
}

export function HierarchyPage() {
  const { t } = useTranslation('publicText');
  return (
    <ContentPage messages="hierarchy" intro={t('hierarchy.intro')}>
      <ol className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
        {BADGE_LEVELS.map((level, index) => (
          <li key={level} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-7 shadow-sm dark:border-slate-800 dark:bg-slate-900" data-testid="badge-card">
            <Medal level={level} />
            <p className="mt-5 text-xs font-semibold uppercase tracking-wider text-slate-500 dark:text-slate-400">{t('hierarchy.level', { number: index + 1 })}</p>
            <h2 className="mt-1 text-xl font-semibold text-slate-900 dark:text-white">{t(`hierarchy.badges.${level}.name`)}</h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t(`hierarchy.badges.${level}.summary`)}</p>
            <h3 className="mt-6 text-sm font-semibold text-slate-900 dark:text-white">{t('hierarchy.howToEarn')}</h3>
            <ul className="mt-3 space-y-2 text-sm">
              {(t(`hierarchy.badges.${level}.requirements`, { returnObjects: true }) as string[]).map((requirement) => (
                <li key={requirement} className="flex gap-2.5 text-slate-700 dark:text-slate-200">
                  <Check className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden />
                  {requirement}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </ContentPage>
  );
}
