import { useTranslation } from 'react-i18next';

/** Minutes since `iso` (never negative). */
export function minutesSince(iso: string, now = Date.now()): number {
  return Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
}

const UNITS: Array<[number, 'days' | 'hours' | 'minutes' | 'seconds']> = [
  [86_400, 'days'],
  [3_600, 'hours'],
  [60, 'minutes'],
  [1, 'seconds'],
];

/**
 * How long a request has waited in a staff queue ("25 min", "5 h", "3 days 8 h") and how long
 * a plan runs ("1 day", "1 hour 30 minutes"), in the app's language.
 */
export function useStaffTime() {
  const { t } = useTranslation('staff');
  function waiting(age: { minutes: number } | { hours: number }): string {
    if ('minutes' in age && age.minutes < 60) return t('staffTime.minutes', { count: age.minutes });
    const hours = 'hours' in age ? age.hours : Math.round(age.minutes / 60);
    if (hours < 1) return t('staffTime.underAnHour');
    if (hours < 48) return t('staffTime.hours', { count: hours });
    const days = Math.floor(hours / 24);
    const rest = hours % 24;
    return rest ? t('staffTime.daysHours', { count: days, hours: rest }) : t('staffTime.days', { count: days });
  }
  function duration(seconds: number): string {
    const parts: string[] = [];
    let rest = Math.max(0, Math.floor(seconds));
    for (const [size, unit] of UNITS) {
      const count = Math.floor(rest / size);
      if (count > 0) {
        parts.push(t(`staffTime.term.${unit}`, { count }));
        rest -= count * size;
      }
      if (parts.length === 2) break;
    }
    return parts.join(' ') || t('staffTime.term.seconds', { count: 0 });
  }
  return { waiting, duration };
}
