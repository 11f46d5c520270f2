/** Operator-editable site copy. The risk notice is replaced by the operator's setting when set. */
export const DEFAULT_RISK_NOTICE =
  'Investing involves risk, including the possible loss of principal. Past returns do not guarantee future results. ' +
  'Crypto assets are volatile and are not protected by deposit insurance. Only invest what you can afford to lose.';
