import { useEffect, useRef, useState } from 'react';
import { LineChart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isHttpsUrl } from '@app/shared';
import { usePublicSettings } from '../../../lib/public-settings';
import { Spinner } from '../../../components/ui/spinner';
import { ContentPage } from '../components/content-page';

/** How long an embed may take before we say the chart service is not answering. */
export const CHART_TIMEOUT_MS = 15_000;

/** The two markets (their titles and descriptions: `marketRates.<id>` in `publicText`). */
const MARKETS = [
  {
    id: 'forex',
    symbols: [
      ['EUR/USD', 'FX:EURUSD|1D'],
      ['GBP/USD', 'FX:GBPUSD|1D'],
      ['USD/JPY', 'FX:USDJPY|1D'],
    ],
  },
  {
    id: 'crypto',
    symbols: [
      ['Bitcoin', 'BITSTAMP:BTCUSD|1D'],
      ['Ether', 'BITSTAMP:ETHUSD|1D'],
      ['Tether', 'KRAKEN:USDTUSD|1D'],
    ],
  },
] as const;

/** The spec's chart service by default: TradingView's free widgets (no key, no account). */
export const TRADINGVIEW_SCRIPT = 'https://s3.tradingview.com/external-embedding/embed-widget-symbol-overview.js';
const TRADINGVIEW_ORIGIN = new URL(TRADINGVIEW_SCRIPT).origin;
/** The service's name, the same in every language. */
const TRADINGVIEW = 'TradingView';

/** The widget's settings, as TradingView's embed code carries them in its script tag. */
export function tradingViewConfig(symbols: readonly (readonly [string, string])[], dark: boolean) {
  return {
    symbols: symbols.map(([name, symbol]) => [name, symbol]),
    chartOnly: false,
    width: '100%',
    height: '100%',
    locale: 'en',
    colorTheme: dark ? 'dark' : 'light',
    autosize: true,
    showVolume: false,
    chartType: 'area',
    changeMode: 'price-and-percent',
    isTransparent: false,
  };
}

function Unreachable() {
  const { t } = useTranslation('publicText');
  return (
    <div className="absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-slate-600 dark:text-slate-300" role="status">
      {t('marketRates.unreachable')}
    </div>
  );
}

/**
 * One TradingView widget: their embed script with its settings, added to a container. When
 * the script cannot load (offline, blocked, a site policy refusing it) or the widget never
 * appears, the box says the service could not be reached instead of staying blank.
 */
function TradingViewChart({ symbols, title, loading }: { symbols: readonly (readonly [string, string])[]; title: string; loading: string }) {
  const { t } = useTranslation('publicText');
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const dark = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
    const widget = document.createElement('div');
    widget.className = 'tradingview-widget-container__widget h-full';
    const script = document.createElement('script');
    script.type = 'text/javascript';
    script.src = TRADINGVIEW_SCRIPT;
    script.async = true;
    // TradingView's embed code reads its settings from the script's own text.
    script.text = JSON.stringify(tradingViewConfig(symbols, dark));
    const fail = () => setState((current) => (current === 'loaded' ? current : 'failed'));
    script.addEventListener('error', fail);
    // The widget is in place once its frame appears.
    const observer = new MutationObserver(() => {
      if (container.querySelector('iframe')) setState('loaded');
    });
    observer.observe(container, { childList: true, subtree: true });
    const timer = window.setTimeout(() => setState((current) => (current === 'loading' ? 'failed' : current)), CHART_TIMEOUT_MS);
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.blockedURI.startsWith(TRADINGVIEW_ORIGIN)) fail();
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    container.replaceChildren(widget, script);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
      document.removeEventListener('securitypolicyviolation', onViolation);
      script.removeEventListener('error', fail);
      container.replaceChildren();
    };
  }, [symbols]);
  return (
    <figure>
      <div className="relative aspect-[4/3] overflow-hidden rounded-xl border border-slate-200 bg-slate-50 sm:aspect-[16/9] dark:border-slate-800 dark:bg-slate-950">
        <div ref={ref} className={state === 'failed' ? 'hidden' : 'tradingview-widget-container absolute inset-0'} aria-label={title} data-testid="tradingview-widget" />
        {state === 'loading' && (
          <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
            <Spinner label={loading} />
          </div>
        )}
        {state === 'failed' && <Unreachable />}
      </div>
      <figcaption className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        {t('marketRates.chartBy')}{' '}
        <a href="https://www.tradingview.com/" rel="noopener nofollow" target="_blank" className="font-medium underline underline-offset-2">
          {TRADINGVIEW}
        </a>
        .
      </figcaption>
    </figure>
  );
}

/** The configured service's URL for one market (the service receives `market=forex|crypto`). */
export function chartUrl(base: string, market: string): string | null {
  try {
    // Absolute https only: a relative address would frame this site's own pages, scripts and all.
    if (!isHttpsUrl(base)) return null;
    const url = new URL(base);
    url.searchParams.set('market', market);
    return url.toString();
  } catch {
    return null;
  }
}

function ChartFrame({ src, title }: { src: string; title: string }) {
  const { t } = useTranslation('publicText');
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  useEffect(() => {
    const origin = new URL(src).origin;
    const timer = window.setTimeout(() => setState((current) => (current === 'loading' ? 'failed' : current)), CHART_TIMEOUT_MS);
    // A site policy that does not allow the service shows up as a violation, not as an error.
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.blockedURI.startsWith(origin)) setState('failed');
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('securitypolicyviolation', onViolation);
    };
  }, [src]);
  return (
    <figure>
      <div className="relative aspect-[4/3] overflow-hidden rounded-xl border border-slate-200 bg-slate-50 sm:aspect-[16/9] dark:border-slate-800 dark:bg-slate-950">
        {state !== 'failed' && (
          <iframe
            src={src}
            title={title}
            loading="lazy"
            referrerPolicy="no-referrer"
            sandbox="allow-scripts allow-same-origin allow-popups"
            className="absolute inset-0 size-full"
            onLoad={() => setState((current) => (current === 'failed' ? current : 'loaded'))}
          />
        )}
        {state === 'failed' && <Unreachable />}
      </div>
      <figcaption className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        {t('marketRates.providedBy', { host: new URL(src).host })}
      </figcaption>
    </figure>
  );
}

function NotAvailable({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center dark:border-slate-700 dark:bg-slate-900" role="status">
      <span className="inline-flex size-12 items-center justify-center rounded-xl bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
        <LineChart className="size-6" aria-hidden />
      </span>
      <h2 className="mt-5 text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
      <div className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{children}</div>
    </div>
  );
}

export function MarketRatesPage() {
  const { t } = useTranslation('publicText');
  const { settings, status } = usePublicSettings();
  // The operator may set their own chart service; by default the charts are TradingView's.
  const base = settings?.chartServiceUrl.trim() ?? '';
  return (
    <ContentPage messages="marketRates" tabTitle="eyebrow" intro={t('marketRates.intro')}>
      {status === 'loading' && <Spinner label={t('marketRates.loading')} />}
      {status === 'unavailable' && (
        <NotAvailable title={t('marketRates.unavailable')}>
          <p>{t('marketRates.unavailableText')}</p>
        </NotAvailable>
      )}
      {status === 'ready' && (
        <div className="grid gap-10 lg:grid-cols-2">
          {MARKETS.map((market) => {
            const src = base ? chartUrl(base, market.id) : null;
            const title = t(`marketRates.${market.id}.title`);
            const chartTitle = t(`marketRates.${market.id}.chart`);
            return (
              <section key={market.id} aria-labelledby={`market-${market.id}`}>
                <h2 id={`market-${market.id}`} className="text-xl font-semibold text-slate-900 dark:text-white">
                  {title}
                </h2>
                <p className="mb-4 mt-1 text-sm text-slate-600 dark:text-slate-400">{t(`marketRates.${market.id}.description`)}</p>
                {!base ? (
                  <TradingViewChart symbols={market.symbols} title={chartTitle} loading={t(`marketRates.${market.id}.loading`)} />
                ) : src ? (
                  <ChartFrame src={src} title={chartTitle} />
                ) : (
                  <p className="text-sm text-slate-600 dark:text-slate-300" role="status">
                    {t('marketRates.invalidAddress')}
                  </p>
                )}
              </section>
            );
          })}
        </div>
      )}
    </ContentPage>
  );
}
