import type { AuthEmailTexts } from './types';

export const de: AuthEmailTexts = {
  verification: ({ name, url, hours }) => ({
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
    heading: `Willkommen, ${name}`,
    paragraphs: ['Bitte bestätigen Sie, dass dies Ihre E-Mail-Adresse ist. Ohne bestätigte E-Mail-Adresse können Sie kein Guthaben auszahlen.'],
    action: { label: 'E-Mail bestätigen', url },
    footnote: `Dieser Link läuft in ${hours} Stunden ab und funktioniert nur einmal.`,
  }),
  loginCode: ({ code, ip, url, minutes }) => ({
    subject: `Ihr Zugangscode: ${code}`,
    heading: 'Anmeldung aus einem neuen Browser',
    paragraphs: [
      `Jemand hat sich mit Ihrem Passwort aus einem Browser bei Ihrem Konto angemeldet, den wir noch nicht kennen${ip ? ` (IP ${ip})` : ''}.`,
      `Wenn Sie das waren, geben Sie diesen Zugangscode ein, um die Anmeldung abzuschließen: ${code}`,
      'Wenn Sie das nicht waren, geben Sie den Code nicht weiter und ändern Sie jetzt Ihr Passwort.',
    ],
    action: { label: 'Code eingeben', url },
    footnote: `Der Code läuft in ${minutes} Minuten ab und funktioniert nur in dem Browser, der ihn angefordert hat.`,
  }),
  reset: ({ name, url, minutes }) => ({
    subject: 'Setzen Sie Ihr Passwort zurück',
    heading: `Hallo ${name}`,
    paragraphs: ['Wir haben eine Anfrage zum Zurücksetzen Ihres Passworts erhalten. Über die Schaltfläche unten wählen Sie ein neues.'],
    action: { label: 'Passwort zurücksetzen', url },
    footnote: `Dieser Link läuft in ${minutes} Minuten ab und funktioniert nur einmal. Wenn Sie ihn nicht angefordert haben, können Sie diese E-Mail ignorieren.`,
  }),
  passwordChanged: ({ name, how, url }) => ({
    subject: 'Ihr Passwort wurde geändert',
    heading: `Hallo ${name}`,
    paragraphs: [
      how === 'reset'
        ? 'Ihr Passwort wurde über einen an diese Adresse gesendeten Link zurückgesetzt. Alle angemeldeten Sitzungen wurden abgemeldet.'
        : 'Ihr Passwort wurde geändert. Ihre anderen angemeldeten Sitzungen wurden abgemeldet.',
      'Wenn Sie das nicht waren, setzen Sie jetzt Ihr Passwort zurück und wenden Sie sich an den Support.',
    ],
    action: { label: 'Passwort zurücksetzen', url },
  }),
  newDevice: ({ when, userAgent, ip, url }) => ({
    subject: 'Neue Anmeldung bei Ihrem Konto',
    heading: 'Ein neuer Browser hat sich angemeldet',
    paragraphs: [
      `Ihr Konto wurde am ${when} aus einem neuen Browser angemeldet.`,
      [userAgent ? `Browser: ${userAgent}` : null, ip ? `IP-Adresse: ${ip}` : null].filter(Boolean).join('\n') || 'Es lagen keine Browserdaten vor.',
      'Wenn Sie das nicht waren, ändern Sie Ihr Passwort und melden Sie die anderen Geräte in Ihrem Profil ab (Tab Sicherheit).',
    ],
    action: { label: 'Sicherheit prüfen', url },
  }),
};
