// Tests of a file download: the request to files-download with the person's ID token, the file saved under its name,
// and the server's refusals read as a callable's. Firebase Auth (its signed-in user) and the network (fetch) are the
// boundaries faked here; the endpoint itself is tested over HTTP in functions/test/files.test.ts.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { downloadFile } from '../src/core/api/uploads';
import { firebaseAuth, initFirebase } from '../src/core/firebase';

const PATH = 'studies/s1/documents/d1/v1';
const ENDPOINT = 'http://127.0.0.1:5001/demo-trialdesk/northamerica-northeast1/files-download';

beforeAll(async () => {
  await initFirebase();
  // Once Auth has read its persisted state (none): the signed-in person, as Firebase Auth would hold them.
  await firebaseAuth().authStateReady();
  Object.defineProperty(firebaseAuth(), 'currentUser', {
    configurable: true,
    get: () => ({ getIdToken: async () => 'the-id-token' }),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('downloadFile', () => {
  it('asks files-download for the path with the ID token, and saves the answer under the file name', async () => {
    const fetched = vi.fn(
      async () => new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } }),
    );
    vi.stubGlobal('fetch', fetched);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:the-file', revokeObjectURL: () => {} }));
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    await downloadFile(PATH, 'Protocol v2.pdf');
    expect(fetched).toHaveBeenCalledWith(`${ENDPOINT}?path=${encodeURIComponent(PATH)}`, {
      headers: { authorization: 'Bearer the-id-token' },
    });
    expect(saved).toEqual([{ href: 'blob:the-file', download: 'Protocol v2.pdf' }]);
  });

  it("rejects with the server's error as a callable's would be, ready to translate", async () => {
    const body = { error: { status: 'FAILED_PRECONDITION', message: '…', details: { key: 'errors.exportExpired' } } };
    vi.stubGlobal('fetch', async () => Response.json(body, { status: 412 }));
    await expect(downloadFile(PATH, 'x.pdf')).rejects.toEqual({
      code: 'failed-precondition',
      key: 'errors.exportExpired',
    });
    vi.stubGlobal('fetch', async () => Response.json({ error: { status: 'PERMISSION_DENIED' } }, { status: 403 }));
    await expect(downloadFile(PATH, 'x.pdf')).rejects.toEqual({
      code: 'permission-denied',
      key: 'errors.permissionDenied',
    });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(downloadFile(PATH, 'x.pdf')).rejects.toEqual({ code: 'unavailable', key: 'errors.network' });
  });
});
