import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen } from '@testing-library/react';
import { VERIFIED_EMAIL_NEEDED, type KycStatus } from '@app/shared';
import { renderApp, stubFetch, testUser } from '../../../test/render';
import { KycStatusBanner } from '../index';
import { resolveRelativeRequests } from './kyc-test-utils';

// Pages load lazily and the machine may be busy: allow more than the default second.
configure({ asyncUtilTimeout: 8000 });

function show(kycStatus: KycStatus, reason: string | null = null) {
  stubFetch((url) =>
    url.endsWith('/api/users/kyc/status') ? { body: { kycStatus, submittedAt: null, reviewedAt: null, reason } } : undefined,
  );
  return renderApp('/my-account', {
    user: testUser({ kycStatus }),
    routes: [{ path: '/my-account', element: <KycStatusBanner /> }],
  });
}

describe('KycStatusBanner', { timeout: 30_000 }, () => {
  beforeEach(() => resolveRelativeRequests());

  it('prompts to upload when nothing was submitted', async () => {
    show('Not Submitted');
    expect(await screen.findByText('Verify your identity')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload KYC documents' })).toHaveAttribute('href', '/upload-kyc');
  });

  it('says the documents are under review while pending', async () => {
    show('Pending');
    expect(await screen.findByText('KYC under review')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows the rejection reason and a re-upload link', async () => {
    show('Rejected', 'The back photo is blurred.');
    expect(await screen.findByText('KYC not approved')).toBeInTheDocument();
    expect(await screen.findByText('The back photo is blurred.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Re-upload documents' })).toHaveAttribute('href', '/upload-kyc');
  });

  it('confirms an approved identity', async () => {
    show('Approved');
    expect(await screen.findByText('Identity verified')).toBeInTheDocument();
  });

  it("says what an unverified email blocks in the banner's and the email's sentence (issue 40.7)", async () => {
    stubFetch((url) => (url.endsWith('/api/users/kyc/status') ? { body: { kycStatus: 'Approved', submittedAt: null, reviewedAt: null, reason: null } } : undefined));
    renderApp('/my-account', { user: testUser({ kycStatus: 'Approved', isVerified: false }), routes: [{ path: '/my-account', element: <KycStatusBanner /> }] });
    expect(await screen.findByText(`Your KYC documents are approved. ${VERIFIED_EMAIL_NEEDED}`)).toBeInTheDocument();
  });

  it('follows the live status over the stored user', async () => {
    stubFetch((url) =>
      url.endsWith('/api/users/kyc/status')
        ? { body: { kycStatus: 'Approved', submittedAt: null, reviewedAt: null, reason: null } }
        : undefined,
    );
    renderApp('/my-account', { user: testUser({ kycStatus: 'Pending' }), routes: [{ path: '/my-account', element: <KycStatusBanner /> }] });
    expect(await screen.findByText('Identity verified')).toBeInTheDocument();
  });
});
