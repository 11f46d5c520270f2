import { describe, expect, it } from 'vitest';
import { changeLanguage, currentLanguage } from '..';
import { formatCountdown, formatDateTime, formatDuration, formatMoney, formatPercent, formatUsd, localeDateFormat } from '../format';
import { formatNumber } from '../../lib/numbers';
import { resetLanguageAfterEach } from '../../test/language';

resetLanguageAfterEach();

describe('formatting follows the language; amounts stay US dollars', () => {
  it('English keeps the spec format', () => {
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatNumber(1234567)).toBe('1,234,567');
  });

  it('other languages use their own marks', async () => {
    await changeLanguage('de');
    expect(currentLanguage()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(formatMoney('1234.5')).toBe(new Intl.NumberFormat('de', { style: 'currency', currency: 'USD' }).format(1234.5));
    expect(formatMoney('1234.5')).toMatch(/^1\.234,50\s\$$/);
    expect(formatNumber(1234567)).toBe('1.234.567');
    await changeLanguage('pt-BR');
    expect(formatUsd(123_456_789_012)).toMatch(/US\$\s1\.234\.567\.890,12/);
    const date = localeDateFormat({ dateStyle: 'long', timeZone: 'UTC' });
    expect(date.format(Date.UTC(2026, 0, 15))).toBe('15 de janeiro de 2026');
  });

  it('terms, rates, countdowns and timestamps follow the language too', async () => {
    expect(formatDuration(86_400)).toBe('1 day');
    expect(formatDuration(5_400)).toBe('1 hour 30 minutes');
    expect(formatPercent(2920)).toBe('2,920%');
    expect(formatCountdown(90_061_000)).toBe('1d 01:01:01');
    expect(formatDateTime(null)).toBe('—');
    await changeLanguage('de');
    expect(formatDuration(172_800)).toBe('2 Tage');
    expect(formatDuration(5_400)).toBe('1 Stunde 30 Minuten');
    expect(formatPercent(12.5)).toMatch(/^12,5\s%$/);
    expect(formatCountdown(59_000)).toBe('00:00:59');
    expect(formatDateTime('2026-01-15T09:30:00Z')).toBe(localeDateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(Date.parse('2026-01-15T09:30:00Z')));
  });
});
