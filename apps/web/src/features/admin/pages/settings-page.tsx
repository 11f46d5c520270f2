import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { Plus, Trash2 } from 'lucide-react';
import { centsFromDecimal, formatCents, type EvmToken } from '@app/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { Field, Input, Textarea } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSaveSettingsMutation, useSettingsQuery, type AdminSettings } from '../api/admin-api';
import { AdminNav } from '../components/admin-nav';

interface TokenDraft {
  symbol: string;
  contract: string;
  decimals: string;
  usd: boolean;
}

interface Draft {
  addresses: Record<string, string>;
  evmKey: string;
  btcKey: string;
  explorerTxUrl: string;
  tokens: TokenDraft[];
  feeFlat: string;
  feePercent: string;
  bonusPercent: string;
  bonusCap: string;
  phone: string;
  email: string;
  chatEmbedUrl: string;
  supportHours: string;
  chartServiceUrl: string;
  riskNotice: string;
  requireStaffTwoFactor: boolean;
  fourEyes: string;
}

/** Basis points shown as a percent with two decimals (500 -> "5.00"), with integer arithmetic. */
const percentOf = (basisPoints: number) => formatCents(basisPoints);

/** BTC and ETH always; the configured tokens, or USDT (the spec's third asset) while none is configured. */
function assetsOf(tokens: { symbol: string }[]): string[] {
  const symbols = tokens.map((token) => token.symbol.trim().toUpperCase()).filter(Boolean);
  return ['BTC', 'ETH', ...(symbols.length ? symbols : ['USDT'])];
}

function toDraft(settings: AdminSettings): Draft {
  return {
    addresses: Object.fromEntries(assetsOf(settings.evmTokens).map((asset) => [asset, settings.depositAddresses[asset] ?? ''])),
    evmKey: settings.watchKeys.evm ?? '',
    btcKey: settings.watchKeys.btc ?? '',
    explorerTxUrl: settings.explorerTxUrl,
    tokens: settings.evmTokens.map((token) => ({ symbol: token.symbol, contract: token.contract, decimals: String(token.decimals), usd: token.usd })),
    feeFlat: formatCents(settings.withdrawalFee.flatCents),
    feePercent: percentOf(settings.withdrawalFee.basisPoints),
    bonusPercent: percentOf(settings.referralBonus.basisPoints),
    bonusCap: formatCents(settings.referralBonus.capCents),
    phone: settings.support.phone,
    email: settings.support.email,
    chatEmbedUrl: settings.support.chatEmbedUrl,
    supportHours: settings.support.hours,
    chartServiceUrl: settings.chartServiceUrl,
    riskNotice: settings.riskNotice,
    requireStaffTwoFactor: settings.requireStaffTwoFactor,
    fourEyes: formatCents(settings.fourEyesThresholdCents),
  };
}

/** "12.5" -> 1250; throws a readable message for anything that is not a non-negative amount. */
function hundredths(text: string, label: string): number {
  const value = text.trim() || '0';
  try {
    const result = centsFromDecimal(value);
    if (result < 0) throw new Error();
    return result;
  } catch {
    throw new Error(`${label}: enter a number with at most two decimals`);
  }
}

function toTokens(tokens: TokenDraft[]): EvmToken[] {
  return tokens
    .filter((token) => token.symbol.trim() || token.contract.trim())
    .map((token) => {
      if (!/^\d{1,2}$/.test(token.decimals.trim())) throw new Error(`${token.symbol || 'Token'}: decimals must be a whole number from 0 to 36`);
      return { symbol: token.symbol.trim().toUpperCase(), contract: token.contract.trim(), decimals: Number(token.decimals.trim()), usd: token.usd };
    });
}

function toPatch(draft: Draft): Partial<AdminSettings> {
  const evmTokens = toTokens(draft.tokens);
  const assets = new Set(assetsOf(evmTokens));
  return {
    depositAddresses: Object.fromEntries(
      Object.entries(draft.addresses)
        .filter(([asset, address]) => assets.has(asset) && address.trim() !== '')
        .map(([asset, address]) => [asset, address.trim()]),
    ),
    watchKeys: { ...(draft.evmKey.trim() ? { evm: draft.evmKey.trim() } : {}), ...(draft.btcKey.trim() ? { btc: draft.btcKey.trim() } : {}) },
    evmTokens,
    explorerTxUrl: draft.explorerTxUrl.trim(),
    withdrawalFee: { flatCents: hundredths(draft.feeFlat, 'Flat withdrawal fee'), basisPoints: hundredths(draft.feePercent, 'Withdrawal fee rate') },
    referralBonus: { basisPoints: hundredths(draft.bonusPercent, 'Referral bonus rate'), capCents: hundredths(draft.bonusCap, 'Referral bonus cap') },
    support: { phone: draft.phone.trim(), email: draft.email.trim(), chatEmbedUrl: draft.chatEmbedUrl.trim(), hours: draft.supportHours.trim() },
    chartServiceUrl: draft.chartServiceUrl.trim(),
    riskNotice: draft.riskNotice,
    requireStaffTwoFactor: draft.requireStaffTwoFactor,
    fourEyesThresholdCents: hundredths(draft.fourEyes, 'Second-approval threshold'),
  };
}

function SettingsForm({ settings }: { settings: AdminSettings }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(settings));
  const [save, saving] = useSaveSettingsMutation();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    let patch: Partial<AdminSettings>;
    try {
      patch = toPatch(draft);
    } catch (error) {
      toast.error((error as Error).message);
      return;
    }
    try {
      const saved = await save(patch).unwrap();
      setDraft(toDraft(saved));
      toast.success('Settings saved');
    } catch (error) {
      toast.error(errorMessage(error, 'Something went wrong.'));
    }
  }

  const setToken = (index: number, change: Partial<TokenDraft>) =>
    set(
      'tokens',
      draft.tokens.map((token, i) => (i === index ? { ...token, ...change } : token)),
    );

  return (
    <form onSubmit={onSubmit} className="space-y-6" aria-label="Settings">
      <Card>
        <h2 className="text-lg font-semibold">Receiving crypto</h2>
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
          With a watch-only extended public key, every user gets an own deposit address on that network, derived at <code>&lt;key&gt;/0/i</code>. No private key is ever
          needed here: a private key or recovery phrase is refused and never stored.
        </p>
        <div className="grid gap-4 lg:grid-cols-2">
          <Field label="EVM key (xpub)" hint="The account key, e.g. m/44'/60'/0' as your wallet exports it">
            {(field) => <Input {...field} className="font-mono" spellCheck={false} autoComplete="off" placeholder="xpub…" value={draft.evmKey} onChange={(event) => set('evmKey', event.target.value)} />}
          </Field>
          <Field label="Bitcoin key (zpub, xpub, vpub or tpub)" hint="Native segwit (bech32) addresses, as BIP84 wallets derive them">
            {(field) => <Input {...field} className="font-mono" spellCheck={false} autoComplete="off" placeholder="zpub…" value={draft.btcKey} onChange={(event) => set('btcKey', event.target.value)} />}
          </Field>
          <Field label="Block explorer link" hint="A transaction link with {hash}, e.g. https://etherscan.io/tx/{hash}" className="lg:col-span-2">
            {(field) => <Input {...field} type="url" spellCheck={false} value={draft.explorerTxUrl} onChange={(event) => set('explorerTxUrl', event.target.value)} />}
          </Field>
        </div>
        <h3 className="mb-1 mt-6 text-base font-semibold">Tokens on the EVM network</h3>
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">Each symbol becomes an asset for deposits and withdrawals. USD-pegged tokens are credited one dollar per token once confirmed.</p>
        <ul className="space-y-3" aria-label="Tokens">
          {draft.tokens.map((token, index) => (
            <li key={index} className="grid items-end gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-[7rem_1fr_6rem_auto_auto] dark:border-slate-800">
              <Field label="Symbol">{(field) => <Input {...field} value={token.symbol} onChange={(event) => setToken(index, { symbol: event.target.value })} />}</Field>
              <Field label="Contract">
                {(field) => <Input {...field} className="font-mono" spellCheck={false} value={token.contract} onChange={(event) => setToken(index, { contract: event.target.value })} />}
              </Field>
              <Field label="Decimals">{(field) => <Input {...field} inputMode="numeric" value={token.decimals} onChange={(event) => setToken(index, { decimals: event.target.value })} />}</Field>
              <label className="flex h-10 items-center gap-2 text-sm">
                <input type="checkbox" className="size-4 accent-brand-700" checked={token.usd} onChange={(event) => setToken(index, { usd: event.target.checked })} />
                USD-pegged
              </label>
              <Button type="button" variant="outline" size="sm" aria-label={`Remove ${token.symbol || 'token'}`} onClick={() => set('tokens', draft.tokens.filter((_, i) => i !== index))}>
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
        <Button type="button" variant="outline" size="sm" className="mt-3" onClick={() => set('tokens', [...draft.tokens, { symbol: '', contract: '', decimals: '6', usd: true }])}>
          <Plus className="size-4" aria-hidden /> Add a token
        </Button>
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">Shared receiving addresses</h2>
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
          For an asset whose network has no key above: every user sends to this one address and reports the amount. An asset with neither cannot be deposited.
        </p>
        <div className="space-y-4">
          {assetsOf(draft.tokens).map((asset) => (
            <Field key={asset} label={`${asset} receiving address`}>
              {(field) => (
                <Input
                  {...field}
                  className="font-mono"
                  spellCheck={false}
                  value={draft.addresses[asset] ?? ''}
                  onChange={(event) => set('addresses', { ...draft.addresses, [asset]: event.target.value })}
                />
              )}
            </Field>
          ))}
        </div>
      </Card>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card>
          <h2 className="mb-4 text-lg font-semibold">Withdrawal fee</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Flat fee (USD)">{(field) => <Input {...field} inputMode="decimal" value={draft.feeFlat} onChange={(event) => set('feeFlat', event.target.value)} />}</Field>
            <Field label="Rate (%)">{(field) => <Input {...field} inputMode="decimal" value={draft.feePercent} onChange={(event) => set('feePercent', event.target.value)} />}</Field>
          </div>
        </Card>
        <Card>
          <h2 className="mb-1 text-lg font-semibold">Second approval</h2>
          <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">Adjustments and withdrawals above this amount need a second staff member.</p>
          <Field label="Threshold (USD)">
            {(field) => <Input {...field} inputMode="decimal" value={draft.fourEyes} onChange={(event) => set('fourEyes', event.target.value)} />}
          </Field>
        </Card>
        <Card>
          <h2 className="mb-4 text-lg font-semibold">Referral bonus</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Rate of first deposit (%)">
              {(field) => <Input {...field} inputMode="decimal" value={draft.bonusPercent} onChange={(event) => set('bonusPercent', event.target.value)} />}
            </Field>
            <Field label="Cap (USD)" hint="At most $5.00">
              {(field) => <Input {...field} inputMode="decimal" value={draft.bonusCap} onChange={(event) => set('bonusCap', event.target.value)} />}
            </Field>
          </div>
        </Card>
      </div>
      <Card>
        <h2 className="mb-4 text-lg font-semibold">Support and embeds</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Support phone">{(field) => <Input {...field} type="tel" value={draft.phone} onChange={(event) => set('phone', event.target.value)} />}</Field>
          <Field label="Support email">{(field) => <Input {...field} type="email" value={draft.email} onChange={(event) => set('email', event.target.value)} />}</Field>
          <Field label="Live chat embed URL" hint="Optional">
            {(field) => <Input {...field} type="url" value={draft.chatEmbedUrl} onChange={(event) => set('chatEmbedUrl', event.target.value)} />}
          </Field>
          <Field label="Support hours" hint='Only what is set here is claimed, e.g. "24/7" or "Mon-Fri 9:00-18:00 CET"'>
            {(field) => <Input {...field} value={draft.supportHours} onChange={(event) => set('supportHours', event.target.value)} />}
          </Field>
          <Field label="Chart service URL" hint="Empty: TradingView's free widgets on /market-rates (the default). A URL: your own chart service, framed with ?market=forex|crypto.">
            {(field) => <Input {...field} type="url" value={draft.chartServiceUrl} onChange={(event) => set('chartServiceUrl', event.target.value)} />}
          </Field>
        </div>
        <Field label="Risk notice" className="mt-4" hint="Shown in the footer of every page.">
          {(field) => <Textarea {...field} rows={4} value={draft.riskNotice} onChange={(event) => set('riskNotice', event.target.value)} />}
        </Field>
        <label className="mt-4 flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-brand-700" checked={draft.requireStaffTwoFactor} onChange={(event) => set('requireStaffTwoFactor', event.target.checked)} />
          Require two-factor authentication for staff accounts
        </label>
      </Card>
      <div className="flex justify-end">
        <Button type="submit" size="lg" loading={saving.isLoading}>
          Save settings
        </Button>
      </div>
    </form>
  );
}

/** Admins: operator settings; every change is audited with before and after. */
export function SettingsPage() {
  useDocumentTitle('Settings', 'Deposit addresses, fees, referral bonus, support contacts and notices.');
  const user = useCurrentUser();
  const admin = user?.role === 'admin';
  const { data, isLoading, isError, error } = useSettingsQuery(undefined, { skip: !admin });
  return (
    <>
      <PageHeader title="Settings" description="Changes take effect at once and are written to the audit log." />
      <AdminNav />
      {!admin ? (
        <Alert tone="warning" title="Admins only">
          Only an admin can view or change settings.
        </Alert>
      ) : isLoading ? (
        <Spinner label="Loading settings" />
      ) : isError || !data ? (
        <Alert tone="danger" title="Could not load settings">
          {errorMessage(error, 'Something went wrong.')}
        </Alert>
      ) : (
        <SettingsForm settings={data} />
      )}
    </>
  );
}
