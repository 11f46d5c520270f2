/**
 * /privacy-policy and /license. These are a starting point written for this software; the
 * operator must review them with counsel for their jurisdiction before going live. The texts
 * (title, intro, each section's heading and paragraphs) are `policies.<id>` in the `publicText`
 * messages, in every language.
 */
export interface PolicyDocument {
  id: 'privacy' | 'license';
  updated: string;
  /** The sections' keys, in order. */
  sections: string[];
}

export const PRIVACY_POLICY: PolicyDocument = {
  id: 'privacy',
  updated: '2026-11-01',
  sections: [
    'collect',
    'use',
    'protect',
    'thirdParties',
    'retention',
    'choices',
  ],
};

export const LICENSE: PolicyDocument = {
  id: 'license',
  updated: '2026-11-01',
  sections: [
    'use',
    'content',
    'advice',
    'openSource',
  ],
};
