import type { AuthEmailTexts } from './types';

export const fr: AuthEmailTexts = {
  verification: ({ name, url, hours }) => ({
    subject: 'Vérifiez votre adresse e-mail',
    heading: `Bienvenue, ${name}`,
    paragraphs: ['Confirmez qu’il s’agit bien de votre adresse e-mail. Une adresse vérifiée est nécessaire pour retirer des fonds.'],
    action: { label: 'Vérifier l’e-mail', url },
    footnote: `Ce lien expire dans ${hours} heures et ne fonctionne qu’une fois.`,
  }),
  loginCode: ({ code, ip, url, minutes }) => ({
    subject: `Votre code d’accès : ${code}`,
    heading: 'Connexion depuis un nouveau navigateur',
    paragraphs: [
      `Quelqu’un s’est connecté à votre compte avec votre mot de passe depuis un navigateur que nous ne connaissons pas${ip ? ` (IP ${ip})` : ''}.`,
      `Si c’était vous, saisissez ce code d’accès pour terminer la connexion : ${code}`,
      'Si ce n’était pas vous, ne partagez pas le code et changez votre mot de passe dès maintenant.',
    ],
    action: { label: 'Saisir le code', url },
    footnote: `Le code expire dans ${minutes} minutes et ne fonctionne que dans le navigateur qui l’a demandé.`,
  }),
  reset: ({ name, url, minutes }) => ({
    subject: 'Réinitialisez votre mot de passe',
    heading: `Bonjour ${name}`,
    paragraphs: ['Nous avons reçu une demande de réinitialisation de votre mot de passe. Utilisez le bouton ci-dessous pour en choisir un nouveau.'],
    action: { label: 'Réinitialiser le mot de passe', url },
    footnote: `Ce lien expire dans ${minutes} minutes et ne fonctionne qu’une fois. Si vous ne l’avez pas demandé, vous pouvez ignorer cet e-mail.`,
  }),
  passwordChanged: ({ name, how, url }) => ({
    subject: 'Votre mot de passe a été modifié',
    heading: `Bonjour ${name}`,
    paragraphs: [
      how === 'reset'
        ? 'Votre mot de passe a été réinitialisé avec un lien envoyé à cette adresse. Toutes les sessions ouvertes ont été fermées.'
        : 'Votre mot de passe a été modifié. Vos autres sessions ouvertes ont été fermées.',
      'Si ce n’était pas vous, réinitialisez votre mot de passe maintenant et contactez le support.',
    ],
    action: { label: 'Réinitialiser le mot de passe', url },
  }),
  newDevice: ({ when, userAgent, ip, url }) => ({
    subject: 'Nouvelle connexion à votre compte',
    heading: 'Un nouveau navigateur s’est connecté',
    paragraphs: [
      `Votre compte a été ouvert depuis un nouveau navigateur le ${when}.`,
      [userAgent ? `Navigateur : ${userAgent}` : null, ip ? `Adresse IP : ${ip}` : null].filter(Boolean).join('\n') || 'Aucune information sur le navigateur n’était disponible.',
      'Si ce n’était pas vous, changez votre mot de passe et déconnectez les autres appareils depuis votre profil (onglet Sécurité).',
    ],
    action: { label: 'Vérifier la sécurité', url },
  }),
};
