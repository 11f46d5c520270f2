import { supportClaim } from '@app/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, stubFetch, testPublicSettings, testUser } from '../../../test/render';
import { resetPublicSettings } from '../../../lib/public-settings';
import { hideSplash } from '../../../lib/splash';
import { Faq } from '../components/faq';
import { Testimonials } from '../components/testimonials';
import { StatsCounters } from '../components/stats-counters';
import { Hero, useTypingEffect } from '../components/hero';
import { FAQ_IDS } from '../../../content/faq';
import { TESTIMONIALS } from '../../../content/testimonials';
import { changeLanguage, i18n } from '../../../i18n';
import { localSupportClaim } from '../components/support-claim';

/** The FAQ as the English messages hold it (answers with their {{placeholders}}). */
const FAQ = FAQ_IDS.map((id) => i18n.getResource('en', 'publicText', `faq.items.${id}`) as { question: string; answer: string });
const PHRASES = i18n.getResource('en', 'public', 'hero.phrases') as string[];

const STATS = { investors: 1234, countries: 17, assetsUnderManagement: '250000.75', paidOut: '4321.00' };

beforeEach(() => {
  resetPublicSettings();
  stubFetch((url) => {
    if (url.endsWith('/api/users/loginStatus')) return { body: false };
    if (url.endsWith('/api/stats')) return { body: STATS };
    return undefined;
  });
});

describe('FAQ', () => {
  it('has ten questions under the spec heading, with anchor faq', () => {
    const { container } = render(<Faq />);
    expect(screen.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeInTheDocument();
    expect(container.querySelector('section#faq')).not.toBeNull();
    expect(screen.getAllByRole('button')).toHaveLength(10);
    expect(FAQ).toHaveLength(10);
  });

  it('opens one answer at a time, and clicking the open question closes it', async () => {
    const user = userEvent.setup();
    render(<Faq />);
    const [first, second] = [FAQ[0]!, FAQ[1]!];
    const firstButton = screen.getByRole('button', { name: first.question });
    const secondButton = screen.getByRole('button', { name: second.question });
    expect(screen.queryByText(first.answer)).not.toBeInTheDocument();

    await user.click(firstButton);
    expect(firstButton).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(first.answer)).toBeVisible();

    await user.click(secondButton);
    expect(secondButton).toHaveAttribute('aria-expanded', 'true');
    expect(firstButton).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(second.answer)).toBeVisible();
    expect(screen.queryByText(first.answer)).not.toBeInTheDocument();

    await user.click(secondButton);
    expect(secondButton).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(second.answer)).not.toBeInTheDocument();
  });

  it('caps the answer panel at 500px', async () => {
    const user = userEvent.setup();
    render(<Faq />);
    await user.click(screen.getByRole('button', { name: FAQ[0]!.question }));
    expect(screen.getByTestId('faq-answer').className).toContain('max-h-[500px]');
  });

  it('states every FAQ claim of the spec', () => {
    const text = FAQ.map((item) => `${item.question} ${item.answer}`).join(' ');
    for (const claim of [
      /two wallets/i,
      /24\/7/,
      /1-2 business days/,
      /The minimum investment is \{\{minInvestment\}\}, the lowest minimum of our plans/,
      /Fees are transparent and shown before a transaction/,
      /upgraded from the dashboard/,
      /Email verification is required before withdrawals/,
      /bank-grade encryption, two-factor authentication and regular audits/,
      /\{\{support\}\}/,
    ]) {
      expect(text).toMatch(claim);
    }
  });

  it('answers the minimum and support questions from the live plans and settings', async () => {
    resetPublicSettings();
    stubFetch((url) =>
      url.endsWith('/api/settings/public')
        ? { body: testPublicSettings({ supportEmail: 'help@example.com' }) }
        : undefined,
    );
    const user = userEvent.setup();
    render(<Faq />);
    await user.click(screen.getByRole('button', { name: 'What is the minimum investment?' }));
    expect(await screen.findByText(/The minimum investment is \$100\.00, the lowest minimum of our plans/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'How do I reach support?' }));
    expect(await screen.findByText(/^Support is by the Help Center form and email\./)).toBeInTheDocument();
    expect(screen.queryByText(/24\/7|live chat/)).toBeNull();
  });

  it('claims only the support channels and hours the operator configured, in the same words as the server', () => {
    const none = { supportPhone: '', supportEmail: '', chatEmbedUrl: '', supportHours: '' };
    const all = { supportEmail: 'help@example.com', supportPhone: '+1 555 0100', chatEmbedUrl: 'https://chat.example.com', supportHours: '24/7' };
    for (const settings of [none, { ...none, supportEmail: 'help@example.com', supportPhone: '+1 555 0100' }, all]) {
      expect(localSupportClaim(i18n.t, settings)).toBe(supportClaim(settings));
    }
    expect(supportClaim(none)).toBe('Support is by the Help Center form.');
    expect(supportClaim({ ...none, supportEmail: 'help@example.com', supportPhone: '+1 555 0100' })).toBe('Support is by the Help Center form, email and phone.');
    expect(supportClaim({ supportEmail: 'help@example.com', supportPhone: '+1 555 0100', chatEmbedUrl: 'https://chat.example.com', supportHours: '24/7' })).toBe(
      'Support is by the Help Center form, email, phone and live chat, 24/7.',
    );
  });
});

describe('testimonials', () => {
  it('shows 6 of 14, all 14 on Show more, and 6 again on Show less', async () => {
    const user = userEvent.setup();
    render(<Testimonials />);
    const list = screen.getByTestId('testimonials');
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    expect(TESTIMONIALS).toHaveLength(14);

    const toggle = screen.getByRole('button', { name: 'Show more' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(within(list).getAllByRole('listitem')).toHaveLength(14);
    expect(toggle).toHaveTextContent('Show less');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('button', { name: 'Show less' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
  });

  it('marks the shipped testimonials as samples and uses initials, not photos', () => {
    const { container } = render(<Testimonials />);
    expect(screen.getByText(/Sample testimonials/)).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });
});

describe('statistics counters', () => {
  beforeEach(() => {
    sessionStorage.setItem('vaultline.splashSeen', '1');
  });

  it('count up to the live figures from GET /api/stats within about a second', async () => {
    render(<StatsCounters />);
    expect((await screen.findAllByText('1,234', {}, { timeout: 3000 })).length).toBeGreaterThan(0);
    await vi.waitFor(() => {
      expect(screen.getByTestId('stat-Investors')).toHaveTextContent('1,234');
      expect(screen.getByTestId('stat-Countries')).toHaveTextContent('17');
      expect(screen.getByTestId('stat-Assets under management')).toHaveTextContent('$250,000');
      expect(screen.getByTestId('stat-Profit paid to investors')).toHaveTextContent('$4,321');
    }, { timeout: 2000 });
    const calls = (fetch as unknown as { mock: { calls: unknown[][] } }).mock.calls.map((call) => String(call[0]));
    expect(calls.some((url) => url.endsWith('/api/stats'))).toBe(true);
  });

  it('start counting when they come into view', async () => {
    const observers: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    try {
      render(<StatsCounters />);
      await vi.waitFor(() => expect(screen.getByText('1,234')).toBeInTheDocument());
      expect(screen.getByTestId('stat-Investors')).toHaveTextContent('0');
      act(() => observers.forEach((notify) => notify([{ isIntersecting: true }])));
      await vi.waitFor(() => expect(screen.getByTestId('stat-Investors')).toHaveTextContent('1,234'), { timeout: 2000 });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('wait for the splash to end before counting', async () => {
    sessionStorage.removeItem('vaultline.splashSeen');
    render(<StatsCounters />);
    await vi.waitFor(() => expect(screen.getByText('1,234')).toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(screen.getByTestId('stat-Investors')).toHaveTextContent('0');
    act(() => hideSplash());
    await vi.waitFor(() => expect(screen.getByTestId('stat-Investors')).toHaveTextContent('1,234'), { timeout: 2000 });
  });

  it('says so when the figures are unavailable, instead of inventing them', async () => {
    stubFetch(() => ({ status: 503, body: { message: 'down' } }));
    render(<StatsCounters />);
    expect(await screen.findByText(/Live figures are unavailable right now/)).toBeInTheDocument();
    expect(screen.queryByText('5,000+')).not.toBeInTheDocument();
  });
});

describe('hero', () => {
  it('types 100 ms a character and holds the phrase 2 s before the next', () => {
    vi.useFakeTimers();
    renderHero();
    const typed = screen.getByTestId('hero-typed');
    const [first, second] = [PHRASES[0]!, PHRASES[1]!];
    expect(typed.textContent).toBe('');
    act(() => vi.advanceTimersByTime(100));
    expect(typed.textContent).toBe(first.slice(0, 1));
    for (let i = 1; i < first.length; i += 1) act(() => vi.advanceTimersByTime(100));
    expect(typed.textContent).toBe(first);
    act(() => vi.advanceTimersByTime(1999));
    expect(typed.textContent).toBe(first);
    act(() => vi.advanceTimersByTime(1));
    expect(typed.textContent).toBe('');
    act(() => vi.advanceTimersByTime(100));
    act(() => vi.advanceTimersByTime(100));
    expect(typed.textContent).toBe(second.slice(0, 2));
  });
  it('waits while paused (the splash covers the page), then types from the first character', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ paused }) => useTypingEffect(['ab'], { paused }), { initialProps: { paused: true } });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe('');
    rerender({ paused: false });
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toBe('a');
  });
});

function renderHero() {
  return renderApp('/hero', { routes: [{ path: '/hero', element: <Hero /> }] });
}

describe('home page', () => {
  it('has the hero with Sign In, product cards, scam banner, counters, testimonials, leadership and FAQ', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: /Invest with/ })).toBeInTheDocument();
    const hero = screen.getByRole('region', { name: /Invest with/ });
    expect(within(hero).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(within(hero).getByRole('link', { name: 'Open an account' })).toHaveAttribute('href', '/register');
    expect(within(hero).queryByRole('link', { name: 'Go to dashboard' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Simple products, fully disclosed' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Protect yourself from impersonators' })).toBeInTheDocument();
    expect(screen.getByText(/We never ask for your password/)).toBeInTheDocument();
    // Below the fold: its own chunk, loaded as the visitor nears it.
    expect(await screen.findByText('Meet Our Leadership', {}, { timeout: 5000 })).toBeInTheDocument();
    for (const title of ['Chief Investment Officer', 'Head of Wealth Management', 'Global Market Strategist', 'Senior Investment Advisor']) {
      expect(screen.getByText(title)).toBeInTheDocument();
    }
    expect(screen.getByText(/Sample profiles/)).toBeInTheDocument();
    expect(document.querySelector('#faq h2')).toHaveTextContent('Frequently Asked Questions');
    expect((await screen.findAllByText('1,234', {}, { timeout: 3000 })).length).toBeGreaterThan(0);
  }, 20_000);
});

describe('home page, signed in', () => {
  it('offers the dashboard in place of Sign In and Open an account', async () => {
    stubFetch((url) => {
      if (url.endsWith('/api/users/loginStatus')) return { body: true };
      if (url.endsWith('/api/users/getUser')) return { body: testUser() };
      if (url.endsWith('/api/stats')) return { body: STATS };
      return undefined;
    });
    renderApp('/', { user: testUser() });
    const hero = await screen.findByRole('region', { name: /Invest with/ });
    expect(within(hero).getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/my-account');
    expect(within(hero).queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(within(hero).queryByRole('link', { name: 'Open an account' })).not.toBeInTheDocument();
    expect(within(hero).getByRole('link', { name: 'View plans' })).toHaveAttribute('href', '/investment-plans');
  });
});

describe('home page in another language', () => {
  afterEach(async () => {
    await changeLanguage('en');
    localStorage.clear();
  });

  it('shows the first screen, the testimonials and the FAQ in German, figures in German', async () => {
    await changeLanguage('de');
    resetPublicSettings();
    stubFetch((url) => {
      if (url.endsWith('/api/users/loginStatus')) return { body: false };
      if (url.endsWith('/api/stats')) return { body: STATS };
      if (url.endsWith('/api/settings/public'))
        return { body: testPublicSettings({ supportEmail: 'help@example.com' }) };
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: /Investieren mit/ })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: /Investieren mit/ })).getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/login');
    expect(within(screen.getByRole('region', { name: /Investieren mit/ })).getByRole('link', { name: 'Konto eröffnen' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('heading', { name: 'Schützen Sie sich vor Betrügern' })).toBeInTheDocument();
    expect(await screen.findByText('Was Anleger sagen', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Häufig gestellte Fragen' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Wie hoch ist die Mindestanlage?' }));
    expect(await screen.findByText(/Die Mindestanlage beträgt 100,00\s\$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Wie erreiche ich den Support?' }));
    expect(await screen.findByText(/^Support erhalten Sie über das Formular im Hilfe-Center und per E-Mail\./)).toBeInTheDocument();
    expect((await screen.findAllByText('1.234', {}, { timeout: 3000 })).length).toBeGreaterThan(0);
  }, 20_000);
});
