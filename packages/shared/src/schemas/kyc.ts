import { z } from 'zod';
import { KYC_MAX_FILE_BYTES } from '../constants';
import { KYC_STATUSES, ROLES } from '../roles';
import { messageSchema, personSchema } from './common';

/** SPEC §5 and §8 texts for KYC, used by the server's answers and the web form alike. */
export const KYC_MESSAGES = {
  selectFile: 'Please select a file.',
  bothRequired: 'Please upload both front and back documents.',
  tooLarge: 'File size must be less than 10MB.',
  invalidFormat: 'Invalid file format. Only JPEG, JPG, PNG, PDF are allowed.',
  uploaded: 'KYC documents uploaded successfully!',
  uploadFailed: 'Upload failed. Please try again.',
  reviewFailed: 'Error approving/rejecting KYC. Try again!',
  alreadyApproved: 'Your identity is already verified.',
  alreadyDecided: 'This KYC submission has already been reviewed.',
  approved: 'KYC approved',
  rejected: 'KYC rejected',
} as const;

/** SPEC §5: the accepted types (the server decides from the bytes; the client checks name and type). */
export const KYC_ACCEPTED_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/bmp',
  'image/heic',
  'application/pdf',
] as const;
export const KYC_ACCEPTED_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif', 'webp', 'bmp', 'heic', 'pdf'] as const;
/** For `<input accept>`. */
export const KYC_ACCEPT_ATTRIBUTE = [...KYC_ACCEPTED_MIME_TYPES, ...KYC_ACCEPTED_EXTENSIONS.map((ext) => `.${ext}`)].join(',');

/** The accepted types as people read them: the upload hint lists exactly these. */
export const KYC_ACCEPTED_TYPES_TEXT = `${KYC_ACCEPTED_EXTENSIONS.slice(0, -1).map((ext) => ext.toUpperCase()).join(', ')} or ${KYC_ACCEPTED_EXTENSIONS[KYC_ACCEPTED_EXTENSIONS.length - 1]!.toUpperCase()}`;

export const KYC_SIDE_LABELS = { front: 'Front of document', back: 'Back of document' } as const;

/** "2.4 MB", "830 KB": a file size for people. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * A refusal of one side's file: which side, the SPEC's message, and what was found
 * ("Back of document: File size must be less than 10MB. This file is 12.4 MB.").
 */
export function kycSideMessage(side: KycDocumentSide, message: string, found?: string): string {
  return `${KYC_SIDE_LABELS[side]}: ${message}${found ? ` ${found}` : ''}`;
}

/** What the client saw of a refused file: its name, declared type and size. */
export function kycFileFound(file: { name: string; type: string; size: number }, why: 'type' | 'size'): string {
  if (why === 'size') return `This file is ${formatFileSize(file.size)}.`;
  return `This file is ${file.name} (${file.type || 'no declared type'}); accepted: ${KYC_ACCEPTED_TYPES_TEXT}.`;
}

export const KYC_REASON_MAX_LENGTH = 500;
export const KYC_DOCUMENT_SIDES = ['front', 'back'] as const;
export type KycDocumentSide = (typeof KYC_DOCUMENT_SIDES)[number];

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Client-side check of a picked file's declared type or extension. */
export function isAcceptedKycFile(file: { name: string; type: string }): boolean {
  const type = file.type.toLowerCase();
  if (type === 'image/jpg' || (KYC_ACCEPTED_MIME_TYPES as readonly string[]).includes(type)) return true;
  // Some systems give HEIC or BMP files no or another type; fall back to the extension.
  return (KYC_ACCEPTED_EXTENSIONS as readonly string[]).includes(extensionOf(file.name)) &&
    (type === '' || type === 'application/octet-stream' || type.startsWith('image/'));
}

/** One picked file (a browser File or anything shaped like it). */
export const kycFileSchema = z
  .custom<{ name: string; size: number; type: string }>(
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      typeof (value as { name?: unknown }).name === 'string' &&
      typeof (value as { size?: unknown }).size === 'number',
    { message: KYC_MESSAGES.selectFile },
  )
  .refine((file) => file.size > 0, KYC_MESSAGES.selectFile)
  .refine((file) => file.size <= KYC_MAX_FILE_BYTES, KYC_MESSAGES.tooLarge)
  .refine((file) => isAcceptedKycFile(file), KYC_MESSAGES.invalidFormat);

type KycPickedFile = { name: string; size: number; type: string };

/**
 * Why a file picked for `side` cannot be sent, or null: the SPEC's message with the side it
 * concerns and what was found ("Back of document: File size must be less than 10MB. This file is 12.4 MB.").
 */
export function kycFileProblem(side: KycDocumentSide, file: KycPickedFile | null | undefined): string | null {
  if (!file) return kycSideMessage(side, KYC_MESSAGES.selectFile);
  const result = kycFileSchema.safeParse(file);
  if (result.success) return null;
  const message = result.error.issues[0]?.message ?? KYC_MESSAGES.selectFile;
  const found = message === KYC_MESSAGES.tooLarge ? kycFileFound(file, 'size') : message === KYC_MESSAGES.invalidFormat ? kycFileFound(file, 'type') : undefined;
  return kycSideMessage(side, message, found);
}

/**
 * The upload form (react-hook-form): both sides, each a valid file; each refusal under its
 * side, and a missing side also says both are required (`root`, the form's own line).
 * Output: the two files.
 */
export function kycUploadSchema<File extends KycPickedFile>() {
  return z.object({ front: z.custom<File | null>(), back: z.custom<File | null>() }).transform((files, ctx) => {
    for (const side of KYC_DOCUMENT_SIDES) {
      const problem = kycFileProblem(side, files[side]);
      if (problem) ctx.addIssue({ code: 'custom', path: [side], message: problem });
    }
    if (!files.front || !files.back) ctx.addIssue({ code: 'custom', path: ['root'], message: KYC_MESSAGES.bothRequired });
    if (!files.front || !files.back || ctx.issues.length > 0) return z.NEVER;
    return { front: files.front, back: files.back };
  });
}
export type KycUploadFormValues<File extends KycPickedFile> = z.input<ReturnType<typeof kycUploadSchema<File>>>;

/** Approve or reject body. `submissionId` pins the documents the reviewer saw. */
export const kycDecisionSchema = z
  .object({
    reason: z
      .string()
      .trim()
      .max(KYC_REASON_MAX_LENGTH, `Reason must be at most ${KYC_REASON_MAX_LENGTH} characters`)
      .optional(),
    submissionId: z.string().min(1).max(64).optional(),
  })
  .nullish();
export type KycDecisionInput = z.input<typeof kycDecisionSchema>;

// ---------- Answers ----------

/** GET /api/users/kyc/status: the caller's status, with staff's reason while the latest submission is Rejected. */
export const kycStatusViewSchema = z.object({
  kycStatus: z.enum(KYC_STATUSES),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type KycStatusView = z.infer<typeof kycStatusViewSchema>;

/** POST /api/users/uploadKycDocuments (201). */
export const kycUploadAnswerSchema = messageSchema.extend({ kyc: kycStatusViewSchema });
export type KycUploadAnswer = z.infer<typeof kycUploadAnswerSchema>;

/** A pending case in the staff queue: the user, the submission and links to its two documents. */
export const pendingKycCaseSchema = personSchema.extend({
  submissionId: z.string(),
  phone: z.string(), country: z.string(),
  role: z.enum(ROLES),
  isVerified: z.boolean(),
  kycStatus: z.enum(KYC_STATUSES),
  createdAt: z.string(),
  submittedAt: z.string(),
  previousRejections: z.number(),
  /** The reason given with the latest earlier rejection, if any. */
  lastRejectionReason: z.string().nullable(),
  kyc: z.object({
    frontDoc: z.string(),
    backDoc: z.string(),
    frontType: z.string(),
    backType: z.string(),
    frontName: z.string(),
    backName: z.string(),
  }),
});
export type PendingKycCase = z.infer<typeof pendingKycCaseSchema>;
export const pendingKycListSchema = z.object({ pendingUsers: z.array(pendingKycCaseSchema), nextCursor: z.string().nullable() });
export type PendingKycList = z.infer<typeof pendingKycListSchema>;

/** PATCH /api/users/kyc/:id/approve | reject. */
export const kycDecisionAnswerSchema = messageSchema.extend({
  user: z.object({ _id: z.string(), kycStatus: z.enum(['Approved', 'Rejected']) }),
  submissionId: z.string(),
  reviewedAt: z.string(),
});
export type KycDecisionAnswer = z.infer<typeof kycDecisionAnswerSchema>;
