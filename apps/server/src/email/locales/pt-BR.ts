import type { AuthEmailTexts } from './types';

export const ptBR: AuthEmailTexts = {
  verification: ({ name, url, hours }) => ({
    subject: 'Confirme seu endereço de e-mail',
    heading: `Boas-vindas, ${name}`,
    paragraphs: ['Confirme que este é o seu endereço de e-mail. Você precisa de um e-mail verificado para poder sacar fundos.'],
    action: { label: 'Verificar e-mail', url },
    footnote: `Este link expira em ${hours} horas e funciona uma única vez.`,
  }),
  loginCode: ({ code, ip, url, minutes }) => ({
    subject: `Seu código de acesso: ${code}`,
    heading: 'Login em um navegador novo',
    paragraphs: [
      `Alguém entrou na sua conta com a sua senha em um navegador que não conhecemos${ip ? ` (IP ${ip})` : ''}.`,
      `Se foi você, digite este código de acesso para concluir o login: ${code}`,
      'Se não foi você, não compartilhe o código e troque sua senha agora.',
    ],
    action: { label: 'Digitar o código', url },
    footnote: `O código expira em ${minutes} minutos e só funciona no navegador que o pediu.`,
  }),
  reset: ({ name, url, minutes }) => ({
    subject: 'Redefina sua senha',
    heading: `Olá, ${name}`,
    paragraphs: ['Recebemos um pedido para redefinir sua senha. Use o botão abaixo para escolher uma nova.'],
    action: { label: 'Redefinir senha', url },
    footnote: `Este link expira em ${minutes} minutos e funciona uma única vez. Se você não pediu, pode ignorar este e-mail.`,
  }),
  passwordChanged: ({ name, how, url }) => ({
    subject: 'Sua senha foi alterada',
    heading: `Olá, ${name}`,
    paragraphs: [
      how === 'reset'
        ? 'Sua senha foi redefinida com um link enviado para este endereço. Todas as sessões abertas foram encerradas.'
        : 'Sua senha foi alterada. Suas outras sessões abertas foram encerradas.',
      'Se não foi você, redefina sua senha agora e fale com o suporte.',
    ],
    action: { label: 'Redefinir senha', url },
  }),
  newDevice: ({ when, userAgent, ip, url }) => ({
    subject: 'Novo login na sua conta',
    heading: 'Um navegador novo entrou na sua conta',
    paragraphs: [
      `Sua conta foi acessada de um navegador novo em ${when}.`,
      [userAgent ? `Navegador: ${userAgent}` : null, ip ? `Endereço IP: ${ip}` : null].filter(Boolean).join('\n') || 'Nenhum dado do navegador estava disponível.',
      'Se não foi você, troque sua senha e encerre a sessão dos outros dispositivos no seu perfil (aba Segurança).',
    ],
    action: { label: 'Revisar a segurança', url },
  }),
};
