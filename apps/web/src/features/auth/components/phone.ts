/** SPEC §5: the phone fields show an international-format example. */
export const PHONE_PLACEHOLDER_TEXT = '+1 415 555 0123';
