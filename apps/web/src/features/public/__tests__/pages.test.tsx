import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RISK_NOTICE, SEED_PLAN_TEXTS, VERIFIED_EMAIL_NEEDED } from '@app/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { renderApp, stubFetch, testPublicSettings } from '../../../test/render';
import { resetPublicSettings } from '../../../lib/public-settings';
import common from '../../../i18n/locales/en/common.json';
import publicText from '../../../i18n/locales/en/publicText.json';
import { changeLanguage } from '../../../i18n';
import { annualRate, formatDuration } from '../pages/plans-page';

const SETTINGS = testPublicSettings({ supportPhone: '+1 555 0100', supportEmail: 'help@operator.test', riskNotice: 'Operator risk text: capital at risk.' });

type Answer = { status?: number; body?: unknown } | undefined;

function serve(extra: (url: string, init?: RequestInit) => Answer = () => undefined, settings = SETTINGS) {
  return stubFetch((url, init) => {
    if (url.endsWith('/api/users/loginStatus')) return { body: false };
    if (url.endsWith('/api/settings/public')) return { body: settings };
    return extra(url, init);
  });
}

beforeEach(() => {
  resetPublicSettings();
  serve();
});

/** The two charts' embed scripts, once both widgets have added theirs (an effect after the page's render). */
function chartScripts(): Promise<HTMLScriptElement[]> {
  return waitFor(() => {
    const scripts = screen.getAllByTestId('tradingview-widget').map((widget) => widget.querySelector('script'));
    expect(scripts).toHaveLength(2);
    for (const script of scripts) expect(script).not.toBeNull();
    return scripts as HTMLScriptElement[];
  });
}

describe('footer', () => {
  it('shows the operator risk notice and the legal links, and no social link or operator identity while none is set', async () => {
    renderApp('/no-such-page');
    const notice = screen.getByTestId('risk-notice');
    expect(await within(notice).findByText(/Operator risk text/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Social and contact' })).not.toBeInTheDocument();
    expect(document.querySelector('footer [data-network]')).toBeNull();
    expect(screen.queryByTestId('operator-identity')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(screen.getByRole('link', { name: 'License' })).toHaveAttribute('href', '/license');
  });

  it('links only the social networks an admin has set, and shows the operator identity', async () => {
    const social = { facebook: 'https://www.facebook.com/vaultline', instagram: '', linkedin: '', whatsapp: 'https://wa.me/15550100123', x: 'javascript:alert(1)' };
    const operator = { legalName: 'Vaultline Ltd', address: '1 Example Street, London', registrationNumber: '12345678', regulator: 'Financial Conduct Authority' };
    serve(undefined, { ...SETTINGS, social, operator });
    renderApp('/no-such-page');
    const list = await screen.findByRole('list', { name: 'Social and contact' });
    const links = within(list)
      .getAllByRole('link')
      .map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')]);
    // A value that is not an https address (stored before the rule) is never a link.
    expect(links).toEqual([
      ['Vaultline on Facebook', social.facebook],
      ['Chat with Vaultline on WhatsApp', social.whatsapp],
    ]);
    expect(screen.getByTestId('operator-identity')).toHaveTextContent(
      'Operator: Vaultline Ltd · 1 Example Street, London · Registration number 12345678 · Regulated by Financial Conduct Authority',
    );
  });

  it('falls back to the default risk notice when the settings are unavailable', async () => {
    stubFetch((url) => (url.endsWith('/api/users/loginStatus') ? { body: false } : undefined));
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: "We couldn't find that page" })).toBeInTheDocument();
    expect(screen.getByTestId('risk-notice')).toHaveTextContent(common.footer.riskNoticeDefault);
  });
});

describe('404', () => {
  it('shows the not-found page with a link home and a title', async () => {
    renderApp('/nothing/here');
    expect(await screen.findByRole('heading', { name: "We couldn't find that page" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Page not found · Vaultline'));
  });
});

describe('investment plans', () => {
  const live = [
    { _id: 'p1', name: 'Basic', roiPercent: 8, minAmount: '100.00', maxAmount: '190.00', durationSeconds: 86_400 },
    {
      _id: 'p2',
      name: 'Weekly',
      roiPercent: 3.5,
      minAmount: '1000.00',
      maxAmount: '5000.00',
      durationSeconds: 7 * 86_400,
      description: 'A week-long plan.',
      benefits: ['One', 'Two', 'Three', 'Four'],
    },
    { _id: 'p3', name: 'Old', roiPercent: 1, minAmount: '1.00', maxAmount: '2.00', durationSeconds: 86_400, retired: true },
  ];

  it('shows the live plans from the API with term rate, annual rate, range, duration, benefits and Get Started', async () => {
    serve((url) => (url.endsWith('/api/invest/plans') ? { body: live } : undefined));
    renderApp('/investment-plans');
    await vi.waitFor(() => expect(screen.getAllByTestId('plan-card')).toHaveLength(2), { timeout: 3000 });
    const weekly = screen.getAllByTestId('plan-card')[1]!;
    expect(within(weekly).getByRole('heading', { name: 'Weekly' })).toBeInTheDocument();
    expect(within(weekly).getByText('3.5%')).toBeInTheDocument();
    expect(within(weekly).getByText('per 7-day term')).toBeInTheDocument();
    expect(within(weekly).getByText('182.5%')).toBeInTheDocument();
    expect(within(weekly).getByText('$1,000.00 – $5,000.00')).toBeInTheDocument();
    expect(within(weekly).getByText('A week-long plan.')).toBeInTheDocument();
    expect(within(weekly).getAllByRole('listitem')).toHaveLength(4);
    expect(within(weekly).getByRole('link', { name: /Get Started/ })).toHaveAttribute('href', '/start-invest');
    await waitFor(() => expect(document.title).toBe('Investment plans · Vaultline'));
    expect(screen.queryByText(/Live plan details are unavailable/)).not.toBeInTheDocument();
  });

  it('shows the six standard plans, clearly labelled, when the plans API is unavailable', async () => {
    renderApp('/investment-plans');
    expect(await screen.findByText(/Live plan details are unavailable right now/)).toBeInTheDocument();
    const cards = screen.getAllByTestId('plan-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Basic', 'Standard', 'Premium', 'Elite', 'Diamond', 'Executive']);
    const executive = cards[5]!;
    expect(within(executive).getByText('28%')).toBeInTheDocument();
    expect(within(executive).getByText('$700.00 – $1,000.00')).toBeInTheDocument();
    expect(within(executive).getByText('2 days')).toBeInTheDocument();
    for (const card of cards) expect(within(card).getByRole('link', { name: /Get Started/ })).toHaveAttribute('href', '/start-invest');
  });

  it("shows the seeded plans' own text in the visitor's language, and text staff wrote as written", async () => {
    const seeded = { ...live[0]!, _id: 'p-basic', name: 'Basic', description: SEED_PLAN_TEXTS.Basic!.description, benefits: [...SEED_PLAN_TEXTS.Basic!.benefits] };
    const edited = { ...live[1]!, _id: 'p-elite', name: 'Elite', description: 'Written by staff.', benefits: ['Own one', 'Own two'] };
    serve((url) => (url.endsWith('/api/invest/plans') ? { body: [seeded, edited] } : undefined));
    await changeLanguage('de');
    try {
      renderApp('/investment-plans');
      await vi.waitFor(() => expect(screen.getAllByTestId('plan-card')).toHaveLength(2), { timeout: 3000 });
      const [basic, elite] = screen.getAllByTestId('plan-card');
      expect(within(basic!).getByText('Ein Einstiegsplan mit einem Tag Laufzeit für eine erste, kleine Anlage.')).toBeInTheDocument();
      expect(within(basic!).getByText('Anlage von 100 $ bis 190 $')).toBeInTheDocument();
      expect(within(elite!).getByText('Written by staff.')).toBeInTheDocument();
      expect(within(elite!).getByText('Own two')).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
      localStorage.clear();
    }
  });

  it("the English version of the seeded plans' text is the seed's own", () => {
    expect(publicText.plans.seed).toEqual(SEED_PLAN_TEXTS);
  });

  it("the English version of the product's own risk notice is the settings' default", () => {
    expect(common.footer.riskNoticeDefault).toBe(DEFAULT_RISK_NOTICE);
  });

  it('annualises the term rate without compounding', () => {
    expect(annualRate({ roiPercent: 8, durationSeconds: 86_400 })).toBe(2920);
    expect(annualRate({ roiPercent: 28, durationSeconds: 2 * 86_400 })).toBe(5110);
    expect(annualRate({ roiPercent: 8, durationSeconds: 86_400, annualRatePercent: 99 })).toBe(99);
    expect(formatDuration(86_400)).toBe('1 day');
    expect(formatDuration(3600)).toBe('1 hour');
  });
});

describe('other public pages', () => {
  it('/Hierarchy shows the four badges with what earns each', async () => {
    renderApp('/Hierarchy');
    await screen.findByRole('heading', { level: 1, name: 'Achievement levels' });
    const cards = screen.getAllByTestId('badge-card');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual(['Member', 'Leader', 'Expert', 'Master']);
    for (const card of cards) expect(within(card).getByRole('heading', { name: 'How to earn it' })).toBeInTheDocument();
  });

  it('/how-it-works shows the seven steps in order', async () => {
    renderApp('/how-it-works');
    await screen.findByRole('heading', { level: 1, name: 'Seven steps, in order' });
    expect(screen.getAllByTestId('step').map((step) => within(step).getByRole('heading').textContent)).toEqual([
      'Create your account',
      'Confirm your email',
      'Get your KYC approved',
      'Fund your wallet',
      'Pick a plan',
      'Send and receive',
      'Earn from referrals',
    ]);
    // The same words as the email banner about what needs a verified email.
    expect(screen.getAllByTestId('step')[1]).toHaveTextContent(VERIFIED_EMAIL_NEEDED);
  });

  it("/market-rates embeds TradingView's widgets by default: their script with the forex and crypto symbols", async () => {
    renderApp('/market-rates');
    const scripts = await chartScripts();
    for (const script of scripts) {
      expect(script).toHaveAttribute('src', 'https://s3.tradingview.com/external-embedding/embed-widget-symbol-overview.js');
      expect(script.async).toBe(true);
    }
    const [forex, crypto] = scripts.map((script) => JSON.parse(script.text) as { symbols: string[][]; locale: string; autosize: boolean });
    expect(forex!.symbols.map(([, symbol]) => symbol)).toEqual(['FX:EURUSD|1D', 'FX:GBPUSD|1D', 'FX:USDJPY|1D']);
    expect(crypto!.symbols.map(([name]) => name)).toEqual(['Bitcoin', 'Ether', 'Tether']);
    expect(forex).toMatchObject({ locale: 'en', autosize: true });
    expect(screen.getAllByRole('link', { name: 'TradingView' })).toHaveLength(2);
  });

  it('/market-rates says the chart service could not be reached when the TradingView script fails', async () => {
    renderApp('/market-rates');
    const scripts = await chartScripts();
    act(() => {
      for (const script of scripts) script.dispatchEvent(new Event('error'));
    });
    expect(await screen.findAllByText('The chart service could not be reached. Please try again later.')).toHaveLength(2);
  });

  it('/market-rates embeds forex and crypto charts from the configured service', async () => {
    stubFetch((url) => {
      if (url.endsWith('/api/users/loginStatus')) return { body: false };
      if (url.endsWith('/api/settings/public')) return { body: { ...SETTINGS, chartServiceUrl: 'https://charts.example.com/embed' } };
      return undefined;
    });
    renderApp('/market-rates');
    const forex = await screen.findByTitle('Forex chart');
    expect(forex).toHaveAttribute('src', 'https://charts.example.com/embed?market=forex');
    expect(screen.getByTitle('Crypto chart')).toHaveAttribute('src', 'https://charts.example.com/embed?market=crypto');
    expect(screen.getAllByText(/Chart provided by charts\.example\.com/)).toHaveLength(2);

    // The site's security policy refusing the service: say so instead of a blank frame. The
    // frames listen from an effect, which a busy machine may run after the frame is found:
    // the violation is reported until it is heard.
    await waitFor(() => {
      act(() => {
        document.dispatchEvent(Object.assign(new Event('securitypolicyviolation'), { blockedURI: 'https://charts.example.com/embed?market=forex' }));
      });
      expect(screen.getAllByText('The chart service could not be reached. Please try again later.')).toHaveLength(2);
    });
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('/our-story, /privacy-policy and /license render with their titles', async () => {
    const { unmount } = renderApp('/our-story');
    expect(await screen.findByRole('heading', { level: 1, name: 'Our story' })).toBeInTheDocument();
    unmount();
    const second = renderApp('/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    // The title is set by an effect after the page renders: wait for it, not for a moment to pass.
    await waitFor(() => expect(document.title).toBe('Privacy policy · Vaultline'));
    second.unmount();
    renderApp('/license');
    expect(await screen.findByRole('heading', { level: 1, name: 'License' })).toBeInTheDocument();
  });
});

describe('support: the operator', () => {
  it('names who runs the service where set, and links live chat only at an https address', async () => {
    const operator = { legalName: 'Vaultline Ltd', address: '', registrationNumber: '12345678', regulator: 'Financial Conduct Authority' };
    serve(undefined, { ...SETTINGS, operator, chatEmbedUrl: 'javascript:alert(1)' });
    renderApp('/support');
    const section = await screen.findByRole('region', { name: 'Who runs this service' });
    expect([...section.querySelectorAll('dt')].map((term) => term.textContent)).toEqual(['Legal name', 'Registration number', 'Regulator']);
    expect(within(section).getByText('Financial Conduct Authority')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Start a chat/ })).not.toBeInTheDocument();
  });

  it('shows no operator section while none is set', async () => {
    renderApp('/support');
    await screen.findByText('help@operator.test');
    expect(screen.queryByRole('region', { name: 'Who runs this service' })).not.toBeInTheDocument();
  });
});

describe('support: contact form', () => {
  async function openForm() {
    renderApp('/support');
    await screen.findByRole('heading', { level: 1, name: 'How can we help?' });
    return {
      name: screen.getByLabelText('Your name'),
      email: screen.getByLabelText('Your email'),
      message: screen.getByLabelText('Message'),
      send: screen.getByRole('button', { name: 'Send message' }),
    };
  }

  /** Types the name, email and message into the form, and sends it. */
  async function sendMessage(user: UserEvent, form: Awaited<ReturnType<typeof openForm>>, message: { name: string; email: string; message: string }) {
    await user.type(form.name, message.name);
    await user.type(form.email, message.email);
    await user.type(form.message, message.message);
    await user.click(form.send);
  }

  it('requires every field and a valid email, without calling the server', async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    const form = await openForm();
    await user.click(form.send);
    expect(await screen.findAllByText('All fields are required')).toHaveLength(3);
    await sendMessage(user, form, { name: 'Grace', email: 'grace@', message: 'Hello' });
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(form.email).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.url.endsWith('/api/contact'))).toBe(false);
  });

  it('sends to POST /api/contact, confirms with toast and status, and clears the status after 5 s', async () => {
    const { calls } = serve((url) => (url.endsWith('/api/contact') ? { body: { message: 'Message sent successfully!' } } : undefined));
    const form = await openForm();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await sendMessage(user, form, { name: 'Grace Hopper', email: 'grace@example.com', message: 'How do upgrades work?' });
    await vi.waitFor(() => expect(screen.getByTestId('contact-status')).toHaveTextContent('Message sent successfully!'));
    expect(screen.getAllByText('Message sent successfully!').length).toBeGreaterThanOrEqual(2);
    const sent = calls.find((call) => call.url.endsWith('/api/contact'))!;
    expect(sent.init?.method).toBe('POST');
    expect(JSON.parse(String(sent.init?.body))).toEqual({ user_name: 'Grace Hopper', user_email: 'grace@example.com', message: 'How do upgrades work?' });
    expect(form.name).toHaveValue('');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.getByTestId('contact-status')).toHaveTextContent('');
  });

  it('shows the failure text when sending fails', async () => {
    const user = userEvent.setup();
    serve((url) => (url.endsWith('/api/contact') ? { status: 500, body: { message: 'Something went wrong. Please try again.' } } : undefined));
    const form = await openForm();
    await sendMessage(user, form, { name: 'Grace Hopper', email: 'grace@example.com', message: 'Hello' });
    await vi.waitFor(() => expect(screen.getByTestId('contact-status')).toHaveTextContent('Failed to send. Please try again.'));
    expect(screen.getAllByText('Failed to send. Please try again.').length).toBeGreaterThanOrEqual(2);
  });

  it('lists the support phone and email from the operator settings', async () => {
    await openForm();
    expect(await screen.findByRole('link', { name: '+1 555 0100' })).toHaveAttribute('href', 'tel:+15550100');
    expect(screen.getByRole('link', { name: 'help@operator.test' })).toHaveAttribute('href', 'mailto:help@operator.test');
  });
});
