/**
 * The email kinds whose body carries a secret: a sign-in code, or a verification or reset link
 * holding a token. Staff see that such an email exists and its status, never its body: reading
 * another account's reset link would let staff take the account over. Every other email is
 * shown whole in the back office outbox.
 */
export const SECRET_EMAIL_KINDS = {
  verification: 'verification',
  loginCode: 'login-code',
  passwordReset: 'password-reset',
} as const;

const secretKinds: ReadonlySet<string> = new Set(Object.values(SECRET_EMAIL_KINDS));

export function isSecretKind(kind: string): boolean {
  return secretKinds.has(kind);
}
