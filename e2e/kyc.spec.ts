import { expect, mailbox, openStaffPage, screenshot, skipSplash, test, uniqueEmail } from './fixtures';

/** A tiny, well-formed one-page PDF (the server checks the structure). */
function samplePdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A 40x30 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAPElEQVRIie3VsQkAMAwDsP7l73y0557RDoLsgeBYJ92TORbXqSNc805VIFGZg0SxOCwWi8HisFgs5isWL5MW93rCoz1vAAAAAElFTkSuQmCC',
  'base64',
);

test('upload with progress, staff approves, the user sees Approved', async ({ browser }) => {
  const email = uniqueEmail('kyc');
  const name = `Kyc Tester ${Date.now().toString(36)}`;

  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await skipSplash(userPage);
  const registered = await userPage.request.post('/api/users/register', {
    data: { name, email, password: 'Passw0rd!', phone: '+14155550100', country: 'US' },
  });
  expect(registered.status()).toBe(201);
  const userId = ((await registered.json()) as { _id: string })._id;

  await userPage.goto('/upload-kyc');
  await userPage.getByLabel('Front of document').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
  await userPage.getByLabel('Back of document').setInputFiles({ name: 'back.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
  await expect(userPage.getByRole('img', { name: 'Front of document preview' })).toBeVisible();
  await expect(userPage.getByText('back.pdf')).toBeVisible();
  await userPage.getByRole('button', { name: /submit documents/i }).click();
  await expect(userPage.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '100');
  await expect(userPage.getByText('KYC documents uploaded successfully!').first()).toBeVisible();
  await expect(userPage).toHaveURL(/\/my-account$/, { timeout: 5_000 });
  await expect(userPage.getByText('KYC under review')).toBeVisible();

  const { context: staffContext, page: staffPage } = await openStaffPage(browser);
  await staffPage.goto('/pending-kyc');
  await staffPage.getByRole('navigation', { name: 'KYC queue' }).getByRole('button', { name: new RegExp(name) }).click();
  const review = staffPage.getByRole('region', { name });
  await expect(review.getByRole('img', { name: 'Front' })).toBeVisible();
  await expect(review.getByTitle('Back (PDF)')).toBeVisible();
  await screenshot(staffPage, 'kyc-review');
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(staffPage.getByText(`KYC approved for ${name}`)).toBeVisible();
  await expect(staffPage.getByRole('region', { name })).toBeHidden();

  await mailbox.waitFor(email, /identity is verified/i);
  await userPage.goto('/my-account');
  await expect(userPage.getByText('Identity verified')).toBeVisible();
  await screenshot(userPage, 'kyc-approved-dashboard');
  await userPage.goto('/upload-kyc');
  await expect(userPage.getByText('Your identity is verified')).toBeVisible();
  const status = await userPage.request.get('/api/users/kyc/status');
  expect((await status.json()).kycStatus).toBe('Approved');

  // The documents are served to staff only, never cached; their owner is refused.
  const asStaff = await staffPage.request.get(`/api/users/kyc/${userId}/documents/back`);
  expect(asStaff.status()).toBe(200);
  expect(asStaff.headers()['content-disposition']).toMatch(/^attachment/);
  expect(asStaff.headers()['cache-control']).toBe('no-store');
  expect((await userPage.request.get(`/api/users/kyc/${userId}/documents/front`)).status()).toBe(403);
  await userContext.close();
  await staffContext.close();
});
