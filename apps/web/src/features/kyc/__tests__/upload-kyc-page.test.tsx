import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from '../../../lib/toast';
import { KYC_MAX_FILE_BYTES, KYC_MESSAGES } from '@app/shared';
import { inLanguageForEachTest } from '../../../test/language';
import { renderApp, stubFetch, testUser } from '../../../test/render';
import { UploadKycPage } from '../pages/upload-kyc-page';
import { FakeXhr, fileOf, installFakeXhr, resolveRelativeRequests, stubObjectUrls } from './kyc-test-utils';

// Pages load lazily and the machine may be busy: allow more than the default second.
configure({ asyncUtilTimeout: 8000 });

const routes = [
  {
    path: '/upload-kyc',
    element: (
      <>
        <UploadKycPage />
        <ToastContainer />
      </>
    ),
  },
  { path: '/my-account', element: <p>dashboard page</p> },
];

function setup(kycStatus: 'Not Submitted' | 'Pending' | 'Rejected' | 'Approved' = 'Not Submitted', reason: string | null = null) {
  stubFetch((url) =>
    url.endsWith('/api/users/kyc/status')
      ? { body: { kycStatus, submittedAt: null, reviewedAt: null, reason } }
      : undefined,
  );
  const user = userEvent.setup({ applyAccept: false });
  const rendered = renderApp('/upload-kyc', { user: testUser({ kycStatus }), routes });
  return { user, ...rendered };
}

const front = () => screen.getByLabelText('Front of document');
const back = () => screen.getByLabelText('Back of document');
const submit = () => screen.getByRole('button', { name: /submit documents/i });

describe('/upload-kyc', { timeout: 30_000 }, () => {
  beforeEach(() => {
    installFakeXhr();
    resolveRelativeRequests();
    stubObjectUrls();
  });

  it('asks for both documents', async () => {
    const { user } = setup();
    await user.click(submit());
    expect((await screen.findAllByText(KYC_MESSAGES.bothRequired)).length).toBeGreaterThan(0);
    // Each empty picker says what it needs.
    expect(screen.getByText(`Front of document: ${KYC_MESSAGES.selectFile}`)).toBeInTheDocument();
    expect(screen.getByText(`Back of document: ${KYC_MESSAGES.selectFile}`)).toBeInTheDocument();
    await user.upload(front(), fileOf('front.png', 'image/png'));
    await user.click(submit());
    expect(screen.getAllByText(KYC_MESSAGES.bothRequired).length).toBeGreaterThan(0);
    expect(screen.queryByText(`Front of document: ${KYC_MESSAGES.selectFile}`)).not.toBeInTheDocument();
    expect(screen.getByText(`Back of document: ${KYC_MESSAGES.selectFile}`)).toBeInTheDocument();
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('checks size and type with the shared rules, says which side and what was found, and asks for a file when none is picked', async () => {
    const { user } = setup();
    await user.upload(front(), fileOf('big.jpg', 'image/jpeg', KYC_MAX_FILE_BYTES + 1));
    expect(await screen.findByText(`Front of document: ${KYC_MESSAGES.tooLarge} This file is 10.0 MB.`)).toBeInTheDocument();
    await user.upload(back(), fileOf('setup.exe', 'application/x-msdownload'));
    expect(
      await screen.findByText(
        `Back of document: ${KYC_MESSAGES.invalidFormat} This file is setup.exe (application/x-msdownload); accepted: JPEG, JPG, PNG, GIF, WEBP, BMP, HEIC or PDF.`,
      ),
    ).toBeInTheDocument();
    // Exactly 10 MB is fine.
    await user.upload(front(), fileOf('ok.jpg', 'image/jpeg', KYC_MAX_FILE_BYTES));
    expect(screen.queryByText(/File size must be less than 10MB/)).not.toBeInTheDocument();
    // The picker closed without a file.
    await user.upload(back(), []);
    expect(await screen.findByText(`Back of document: ${KYC_MESSAGES.selectFile}`)).toBeInTheDocument();
    // The hint lists exactly the accepted types.
    expect(screen.getByText('Accepted: JPEG, JPG, PNG, GIF, WEBP, BMP, HEIC or PDF, up to 10MB each.')).toBeInTheDocument();
  });

  it('previews images and names PDFs', async () => {
    const { user } = setup();
    await user.upload(front(), fileOf('passport.png', 'image/png'));
    await user.upload(back(), fileOf('scan-back.pdf', 'application/pdf'));
    expect(screen.getByRole('img', { name: 'Front of document preview' })).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(screen.getByText('scan-back.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Back of document preview' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove front of document' }));
    expect(screen.queryByText('passport.png')).not.toBeInTheDocument();
  });

  it('uploads with progress, then says so and goes to /my-account after 2 s', async () => {
    const { user } = setup();
    await user.upload(front(), fileOf('front.jpg', 'image/jpeg'));
    await user.upload(back(), fileOf('back.pdf', 'application/pdf'));
    await user.click(submit());
    const xhr = FakeXhr.instances[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/users/uploadKycDocuments');
    expect(xhr.withCredentials).toBe(true);
    expect((xhr.body!.get('front') as File).name).toBe('front.jpg');
    expect((xhr.body!.get('back') as File).name).toBe('back.pdf');

    act(() => xhr.progress(40, 100));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '40');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    act(() => xhr.respond(201, { message: KYC_MESSAGES.uploaded, kyc: { kycStatus: 'Pending' } }));
    expect((await screen.findAllByText(KYC_MESSAGES.uploaded)).length).toBeGreaterThan(0);
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '100');
    act(() => vi.advanceTimersByTime(1900));
    expect(screen.queryByText('dashboard page')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
  });

  it('shows the SPEC failure text when the upload fails', async () => {
    const { user } = setup();
    await user.upload(front(), fileOf('front.jpg', 'image/jpeg'));
    await user.upload(back(), fileOf('back.jpg', 'image/jpeg'));
    await user.click(submit());
    act(() => FakeXhr.instances[0]!.respond(500, { message: 'Something went wrong. Please try again.' }));
    expect((await screen.findAllByText(KYC_MESSAGES.uploadFailed)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).not.toBeInTheDocument();
    // Network failure too, and the form stays usable.
    await user.click(submit());
    act(() => FakeXhr.instances[1]!.fail());
    await waitFor(() => expect(screen.getAllByText(KYC_MESSAGES.uploadFailed).length).toBeGreaterThan(0));
  });

  it("shows the server's reason for a refusal (type decided from the bytes)", async () => {
    const { user } = setup();
    await user.upload(front(), fileOf('front.png', 'image/png'));
    await user.upload(back(), fileOf('back.png', 'image/png'));
    await user.click(submit());
    const refusal = `Back of document: ${KYC_MESSAGES.invalidFormat} The contents of back.png are not an image or PDF we recognise.`;
    act(() => FakeXhr.instances[0]!.respond(415, { message: refusal }));
    expect((await screen.findAllByText(refusal)).length).toBeGreaterThan(0);
    // Under the back's box, which is marked as the one to fix.
    expect(back()).toHaveAttribute('aria-invalid', 'true');
    expect(front()).not.toHaveAttribute('aria-invalid');
  });

  it('sends one upload when submit is clicked twice', async () => {
    const { user } = setup();
    await user.upload(front(), fileOf('front.jpg', 'image/jpeg'));
    await user.upload(back(), fileOf('back.pdf', 'application/pdf'));
    const button = submit();
    await user.dblClick(button);
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    expect(button).toBeDisabled();
    await user.click(button);
    expect(FakeXhr.instances).toHaveLength(1);
  });

  it('keeps a refused pick under its side with the shared rule, and sends nothing', async () => {
    const { user } = setup();
    await user.upload(front(), fileOf('notes.txt', 'text/plain'));
    await user.upload(back(), fileOf('back.pdf', 'application/pdf'));
    expect(await screen.findByText(/^Front of document: Invalid file format\./)).toBeInTheDocument();
    expect(front()).toHaveAttribute('aria-invalid', 'true');
    await user.click(submit());
    expect(screen.getByText(/^Front of document: Invalid file format\./)).toBeInTheDocument();
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('shows the rejection reason before a re-upload, and nothing to do once approved', async () => {
    const { unmount } = setup('Rejected', 'The photo is blurred.');
    expect(await screen.findByText(/The photo is blurred\./)).toBeInTheDocument();
    unmount();
    setup('Approved');
    expect(await screen.findByText('Your identity is verified')).toBeInTheDocument();
    expect(screen.queryByLabelText('Front of document')).not.toBeInTheDocument();
  });

  describe('in German', () => {
    inLanguageForEachTest('de');

    it('labels the page, the pickers and the button in German', async () => {
      setup();
      expect(await screen.findByRole('heading', { level: 1, name: 'Bestätigen Sie Ihre Identität' })).toBeInTheDocument();
      expect(screen.getByLabelText('Vorderseite des Dokuments')).toBeInTheDocument();
      expect(screen.getByLabelText('Rückseite des Dokuments')).toBeInTheDocument();
      expect(screen.getByText('Erlaubt: JPEG, JPG, PNG, GIF, WEBP, BMP, HEIC oder PDF, jeweils bis 10 MB.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Dokumente einreichen' })).toBeInTheDocument();
    });
  });
});
