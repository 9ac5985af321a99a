// A deployment's settings: what a production value may be, and what the local stack's demo values are refused as.
import { describe, expect, it } from 'vitest';
import {
  DEPLOYMENT_SETTINGS,
  deploymentProblems,
  deploymentSetting,
  parameterOptions,
  settingPlace,
  settingProblem,
  settingProblemText,
} from '../src/deployment';

const byName = (name: string) => DEPLOYMENT_SETTINGS.find((s) => s.name === name)!;

describe('deployment settings', () => {
  it('declares each name once', () => {
    const names = DEPLOYMENT_SETTINGS.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const s of DEPLOYMENT_SETTINGS) if (s.side === 'web') expect(s.name).toMatch(/^VITE_/);
  });

  it('refuses every demo value, and demo hosts in any setting', () => {
    for (const s of DEPLOYMENT_SETTINGS) if ('demo' in s) expect(settingProblem(s, s.demo), s.name).toBe('demo');
    expect(settingProblem(byName('SMTP_HOST'), 'localhost')).toBe('demo');
    expect(settingProblem(byName('VITE_SUPPORT_EMAIL'), 'help@clinic.test')).toBe('demo');
  });

  it('tells missing from invalid, and lets defaults stand', () => {
    expect(settingProblem(byName('VITE_SUPPORT_EMAIL'), undefined)).toBe('missing');
    expect(settingProblem(byName('VITE_SUPPORT_EMAIL'), '  ')).toBe('missing');
    expect(settingProblem(byName('VITE_SUPPORT_EMAIL'), 'not an address')).toBe('invalid');
    expect(settingProblem(byName('VITE_PRIVACY_POLICY_URL'), 'http://example.org/privacy')).toBe('invalid');
    expect(settingProblem(byName('SMTP_PORT'), '70000')).toBe('invalid');
    expect(settingProblem(byName('SMTP_PORT'), undefined)).toBeUndefined();
    expect(settingProblem(byName('MAIL_FROM'), 'TrialDesk <no-reply@chum.example.org>')).toBeUndefined();
    expect(settingProblem(byName('BACKUP_BUCKET'), 'gs://chum-trialdesk-backups')).toBeUndefined();
    expect(settingProblem(byName('MAIL_RETRY_MIN_SECONDS'), '0')).toBe('invalid');
    expect(settingProblem(byName('MAIL_RETRY_MAX_SECONDS'), '7200')).toBeUndefined();
    expect(settingProblem(byName('TEAM_TIME_ZONE'), 'Mars/Olympus_Mons')).toBe('invalid');
    expect(settingProblem(byName('TEAM_TIME_ZONE'), 'America/Vancouver')).toBeUndefined();
    expect(settingProblem(byName('TEAM_TIME_ZONE'), undefined)).toBeUndefined();
  });

  it('lists the problems of one side only', () => {
    const problems = deploymentProblems({ VITE_SUPPORT_EMAIL: 'support@trialdesk.test' }, ['web']);
    expect(problems.every((p) => p.setting.side === 'web')).toBe(true);
    expect(problems.find((p) => p.setting.name === 'VITE_SUPPORT_EMAIL')?.problem).toBe('demo');
    expect(problems.find((p) => p.setting.name === 'VITE_FIREBASE_API_KEY')?.problem).toBe('missing');
  });

  it('names each problem and where the value is kept', () => {
    const support = byName('VITE_SUPPORT_EMAIL');
    expect(settingProblemText(support, 'missing')).toBe(
      'VITE_SUPPORT_EMAIL is not set (Where people write for help (support page))',
    );
    expect(settingProblemText(support, 'demo', ' support@trialdesk.test ')).toMatch(
      /^VITE_SUPPORT_EMAIL is "support@trialdesk\.test", a value of the local stack/,
    );
    expect(settingProblemText(byName('SMTP_PORT'), 'invalid', '70000')).toBe(
      'SMTP_PORT is "70000", which is not a port number (1 to 65535)',
    );
    expect(settingPlace(support, 'chum-trialdesk')).toBe('web/.env.chum-trialdesk');
    expect(settingPlace(byName('MAIL_FROM'), 'chum-trialdesk')).toBe('functions/.env.chum-trialdesk');
    expect(settingPlace(byName('SMTP_PASSWORD'), 'chum-trialdesk')).toBe(
      'Secret Manager: firebase functions:secrets:set SMTP_PASSWORD --project chum-trialdesk',
    );
  });

  it("gives a functions parameter its declaration's description and default", () => {
    expect(deploymentSetting('SMTP_HOST')).toBe(byName('SMTP_HOST'));
    expect(parameterOptions('SMTP_PORT')).toEqual({ description: 'The SMTP server’s port', default: '587' });
    expect(parameterOptions('SMTP_USER')).toEqual({ description: byName('SMTP_USER').describe, default: '' });
    expect(parameterOptions('APP_URL')).toEqual({ description: byName('APP_URL').describe });
    expect(parameterOptions('APP_URL')).not.toHaveProperty('default');
  });
});
