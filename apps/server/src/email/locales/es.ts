import type { AuthEmailTexts } from './types';

export const es: AuthEmailTexts = {
  verification: ({ name, url, hours }) => ({
    subject: 'Verifica tu dirección de correo',
    heading: `Te damos la bienvenida, ${name}`,
    paragraphs: ['Confirma que esta es tu dirección de correo. Necesitas un correo verificado para poder retirar fondos.'],
    action: { label: 'Verificar correo', url },
    footnote: `Este enlace caduca en ${hours} horas y funciona una sola vez.`,
  }),
  loginCode: ({ code, ip, url, minutes }) => ({
    subject: `Tu código de acceso: ${code}`,
    heading: 'Inicio de sesión desde un navegador nuevo',
    paragraphs: [
      `Alguien inició sesión en tu cuenta con tu contraseña desde un navegador que no conocemos${ip ? ` (IP ${ip})` : ''}.`,
      `Si fuiste tú, introduce este código de acceso para terminar de iniciar sesión: ${code}`,
      'Si no fuiste tú, no compartas el código y cambia tu contraseña ahora.',
    ],
    action: { label: 'Introducir el código', url },
    footnote: `El código caduca en ${minutes} minutos y solo funciona en el navegador que lo pidió.`,
  }),
  reset: ({ name, url, minutes }) => ({
    subject: 'Restablece tu contraseña',
    heading: `Hola, ${name}`,
    paragraphs: ['Hemos recibido una solicitud para restablecer tu contraseña. Usa el botón de abajo para elegir una nueva.'],
    action: { label: 'Restablecer contraseña', url },
    footnote: `Este enlace caduca en ${minutes} minutos y funciona una sola vez. Si no lo pediste, puedes ignorar este correo.`,
  }),
  passwordChanged: ({ name, how, url }) => ({
    subject: 'Tu contraseña ha cambiado',
    heading: `Hola, ${name}`,
    paragraphs: [
      how === 'reset'
        ? 'Tu contraseña se restableció con un enlace enviado a esta dirección. Se han cerrado todas las sesiones abiertas.'
        : 'Tu contraseña ha cambiado. Se han cerrado tus otras sesiones abiertas.',
      'Si no fuiste tú, restablece tu contraseña ahora y contacta con soporte.',
    ],
    action: { label: 'Restablecer contraseña', url },
  }),
  newDevice: ({ when, userAgent, ip, url }) => ({
    subject: 'Nuevo inicio de sesión en tu cuenta',
    heading: 'Un navegador nuevo inició sesión',
    paragraphs: [
      `Se inició sesión en tu cuenta desde un navegador nuevo el ${when}.`,
      [userAgent ? `Navegador: ${userAgent}` : null, ip ? `Dirección IP: ${ip}` : null].filter(Boolean).join('\n') || 'No había datos del navegador.',
      'Si no fuiste tú, cambia tu contraseña y cierra la sesión de los demás dispositivos desde tu perfil (pestaña Seguridad).',
    ],
    action: { label: 'Revisar la seguridad', url },
  }),
};
