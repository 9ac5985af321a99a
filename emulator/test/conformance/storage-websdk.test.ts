// Cloud Storage for Firebase through the `firebase/storage` web SDK in Chromium (test/conformance/browser.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageEmulator, type RunningStorageEmulator } from '../../src/storage/index';
import { openStorageBrowser, type StorageBrowser } from './browser';

let emulator: RunningStorageEmulator;
let browser: StorageBrowser;

beforeAll(async () => {
  emulator = await startStorageEmulator({ port: 0, quiet: true });
  browser = await openStorageBrowser({
    storageHost: `${emulator.host}:${emulator.port}`,
    storageRules:
      "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    match /{all=**} { allow read, write: if true; }\n  }\n}\n",
  });
});

afterAll(async () => {
  await browser?.close();
  await emulator?.stop();
});

describe('web SDK in Chromium', () => {
  it('uploadBytes', async () => {
    const result = await browser.run(async ({ storage, storageAs }, text: string) => {
      const file = storage.ref(storageAs(), 'a/b.txt');
      await storage.uploadBytes(file, new TextEncoder().encode(text), { contentType: 'text/plain' });
      return new TextDecoder().decode(await storage.getBytes(file));
    }, 'hello');
    expect(result).toBe('hello');
  });
});
