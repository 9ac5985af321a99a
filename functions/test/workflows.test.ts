// The GitHub workflows (.github/workflows): CI runs .ci/run on every push and pull request with Node 20, its npm
// cache and ../shared beside the repository; Deploy deploys a v* tag after the preflight, with credentials from
// GitHub's OIDC identity federation and no key (docs/operations.md, "CI and deploy").
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '@trialdesk/scripts/stack';

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  if?: string;
  ['working-directory']?: string;
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, { container?: string; steps: Step[] }>;
}

const workflow = (name: string) => {
  const text = readFileSync(join(ROOT, '.github', 'workflows', name), 'utf8');
  return { text, parsed: parse(text) as Workflow };
};
const stepsOf = (flow: Workflow) => Object.values(flow.jobs).flatMap((job) => job.steps);
const indexOf = (steps: Step[], match: (step: Step) => boolean) => {
  const index = steps.findIndex(match);
  expect(index).toBeGreaterThanOrEqual(0);
  return index;
};

describe('the CI workflow', () => {
  const { parsed } = workflow('ci.yml');
  const steps = stepsOf(parsed);

  it('runs bash .ci/run on every push and pull request, in the repository checked out beside ../shared', () => {
    expect(Object.keys(parsed.on).sort()).toEqual(['pull_request', 'push']);
    expect(parsed.on.push ?? null).toBeNull();
    const checkouts = steps.filter((step) => step.uses?.startsWith('actions/checkout@'));
    const repository = checkouts.find((step) => !step.with?.repository)!;
    const spec = checkouts.find((step) => step.with?.repository)!;
    expect(spec.with?.path).toBe('shared');
    const run = steps[indexOf(steps, (step) => step.run?.trim() === 'bash .ci/run')];
    expect(run['working-directory']).toBe(repository.with?.path);
    expect(existsSync(join(ROOT, '.ci', 'run'))).toBe(true);
  });

  it('uses Node 20 with the npm cache, on Debian where .ci/run installs Chromium', () => {
    const node = steps[indexOf(steps, (step) => step.uses?.startsWith('actions/setup-node@') ?? false)];
    expect(String(node.with?.['node-version'])).toBe('20');
    expect(node.with?.cache).toBe('npm');
    expect(Object.values(parsed.jobs)[0].container).toMatch(/bookworm|debian/);
    expect(readFileSync(join(ROOT, '.ci', 'run'), 'utf8')).toContain('apt-get install -y -qq chromium');
  });
});

describe('the deploy workflow', () => {
  const { text, parsed } = workflow('deploy.yml');
  const steps = stepsOf(parsed);

  it('deploys a v* tag only, after the preflight and the web build of the project', () => {
    expect(parsed.on).toEqual({ push: { tags: ['v*'] } });
    const preflight = indexOf(steps, (step) => /npm run preflight -- --project "\$PROJECT"/.test(step.run ?? ''));
    const build = indexOf(steps, (step) => /npm run build -w web -- --mode "\$PROJECT"/.test(step.run ?? ''));
    const deploy = indexOf(steps, (step) => /firebase deploy --project "\$PROJECT"/.test(step.run ?? ''));
    expect(preflight).toBeLessThan(build);
    expect(build).toBeLessThan(deploy);
  });

  it('authenticates through workload identity federation named by variables, with no key', () => {
    expect(parsed.permissions).toMatchObject({ 'id-token': 'write', contents: 'read' });
    const auth = indexOf(steps, (step) => step.uses?.startsWith('google-github-actions/auth@') ?? false);
    expect(steps[auth].with).toEqual({
      workload_identity_provider: '${{ vars.GCP_WORKLOAD_IDENTITY_PROVIDER }}',
      service_account: '${{ vars.GCP_SERVICE_ACCOUNT }}',
    });
    // The credentials come after the preflight and before the deploy.
    expect(auth).toBeGreaterThan(indexOf(steps, (step) => /npm run preflight/.test(step.run ?? '')));
    expect(auth).toBeLessThan(indexOf(steps, (step) => /firebase deploy/.test(step.run ?? '')));
    expect(text).not.toMatch(/credentials_json|private_key|FIREBASE_TOKEN|secrets\./);
  });
});
