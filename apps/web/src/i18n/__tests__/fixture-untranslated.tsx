import { useTranslation } from 'react-i18next';

/** Read by translations.test.ts: the scanner must report each untranslated text here. */
export function Fixture({ open }: { open: boolean }) {
  const { t } = useTranslation();
  return (
    <div>
      <h1>Hello there</h1>
      <p>{open ? 'Open' : 'Closed'}</p>
      <input placeholder="Search plans" aria-label={t('nav.main')} />
      <img alt="Vaultline logo" src="/x.png" />
      <span>Vaultline</span>
      <span>{t('nav.dashboard')}</span>
    </div>
  );
}
