import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentProof } from '@kartu/contracts';
import { errorAnswer, okAnswer, stubApi } from '../../test/api-stub.test-support.ts';
import { paymentFixture, testPaymentId } from '../../test/payment.test-support.ts';
import { renderPage } from '../../test/render.test-support.tsx';
import { PaymentProofUpload } from './payment-proof-upload.tsx';

const paymentId = testPaymentId;
const proofPath = `/api/v2/payments/${paymentId}/proof`;

function answerWith(proof: PaymentProof | null) {
  return paymentFixture({
    method: 'manual_transfer',
    provider: 'manual',
    instructions: { kind: 'manual_transfer', bank: 'BCA', accountNumber: '8730456789', accountName: 'PT Kopi Senja Nusantara' },
    expiresAt: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
    proof,
  });
}

function receipt({ type = 'image/jpeg', size = 2048 }: { type?: string; size?: number } = {}) {
  return new File([new Uint8Array(size)], 'receipt.jpg', { type });
}

function renderUpload(proof: PaymentProof | null = null) {
  return renderPage(<PaymentProofUpload paymentId={paymentId} proof={proof} />);
}

beforeEach(() => {
  // jsdom makes no object URLs: the preview's address is made up here.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:receipt'), revokeObjectURL: vi.fn() });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('PaymentProofUpload', () => {
  it('previews the chosen receipt and sends its bytes as they are, then says the merchant is checking it', async () => {
    const api = stubApi({ [`POST ${proofPath}`]: () => okAnswer(answerWith({ status: 'submitted', uploadedAt: '2026-11-24T10:05:00.000Z', note: null }), 201) });
    const { queryClient } = renderUpload();
    const user = userEvent.setup();

    const input = screen.getByLabelText('Upload proof of transfer');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    expect(input).toHaveAccessibleDescription('A photo or screenshot of your transfer receipt: JPEG, PNG or WebP, up to 10 MB.');
    const file = receipt();
    await user.upload(input, file);
    expect(screen.getByRole('img', { name: 'Preview of your proof of transfer' })).toHaveAttribute('src', 'blob:receipt');

    await user.click(screen.getByRole('button', { name: 'Send proof' }));
    await vi.waitFor(() => expect(api.to('POST', proofPath)).toHaveLength(1));
    const [sent] = api.to('POST', proofPath);
    expect(sent?.headers.get('content-type')).toBe('image/jpeg');
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(init?.body).toBe(file);
    await vi.waitFor(() => expect(queryClient.getQueryData(['payments', 'detail', paymentId])).toMatchObject({ proof: { status: 'submitted' } }));
  });

  it('tells the member the proof was received and lets them send a clearer one', () => {
    renderUpload({ status: 'submitted', uploadedAt: '2026-11-24T10:05:00.000Z', note: null });
    expect(screen.getByRole('status')).toHaveTextContent('Proof received — waiting for the merchant to check it');
    expect(screen.getByLabelText('Send a clearer proof instead')).toBeInTheDocument();
  });

  it("shows the merchant's note on a rejected proof and offers to upload again", () => {
    renderUpload({ status: 'rejected', uploadedAt: '2026-11-24T10:05:00.000Z', note: 'The amount is Rp 15.000' });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('The merchant could not accept your proof');
    expect(status).toHaveTextContent("Merchant's note: The amount is Rp 15.000");
    expect(screen.getByLabelText('Upload proof of transfer')).toBeEnabled();
  });

  it('refuses a file too large or not an image before sending anything', async () => {
    const api = stubApi({});
    renderUpload();
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText('Upload proof of transfer');

    await user.upload(input, receipt({ size: 10 * 1024 * 1024 + 1 }));
    expect(screen.getByRole('alert')).toHaveTextContent('Image size is larger than 10 MB');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('button', { name: 'Send proof' })).not.toBeInTheDocument();

    await user.upload(input, receipt({ type: 'application/pdf' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a JPEG, PNG or WebP image');
    expect(api.requests).toHaveLength(0);
  });

  it("says why the server refused the proof, in the member's language", async () => {
    stubApi({ [`POST ${proofPath}`]: () => errorAnswer('PAYMENT_PROOF_NOT_ACCEPTED') });
    renderUpload();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Upload proof of transfer'), receipt());
    await user.click(screen.getByRole('button', { name: 'Send proof' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This payment does not take a proof of transfer now');
  });
});
