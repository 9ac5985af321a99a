// The stack the crash test kills (`crashing-stack.ts <data folder>`): started on free ports with that data folder,
// the demo accounts seeded; on each line read from stdin it creates an account and a study, then prints them, with
// the ports and every process of the stack, as one JSON line. It never stops by itself.
import { createInterface } from 'node:readline';
import { signedInClient } from '@trialdesk/scripts/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@trialdesk/scripts/seed-data';
import { seed } from '@trialdesk/scripts/seed';
import { processTree, startStack } from '@trialdesk/scripts/stack';

const stack = await startStack({ ports: 'free', dataDir: process.argv[2], hosting: false });
await seed(stack, { records: false });
const admin = await signedInClient(stack.urls, stack.projectId, DEMO_ACCOUNTS[0].email, DEMO_PASSWORD);
console.log(JSON.stringify({ ready: true }));
for await (const email of createInterface({ input: process.stdin })) {
  const account = await admin.call('users-create', {
    firstName: 'Crash',
    lastName: 'Survivor',
    email,
    role: 'Editor',
    roleApproved: true,
    password: DEMO_PASSWORD,
    confirmPassword: DEMO_PASSWORD,
  });
  const study = await admin.call('studies-create', {
    title: `Made before ${email}`,
    specialty: 'Other',
    status: 'Unknown',
  });
  console.log(JSON.stringify({ uid: account.id, studyId: study.id, ports: stack.ports, processes: processTree() }));
}
