// The team's time zone, the clock readable exports write times on: the functions' TEAM_TIME_ZONE variable (set in
// functions/.env.<project> for a deployment: docs/operations.md, "Configuration"), America/Toronto when unset
// (docs/architecture.md "Exports").
import { deploymentSetting } from '@trialdesk/shared';

/** America/Toronto: the setting's declared default (shared/src/deployment.ts). */
const DEFAULT_TEAM_TIME_ZONE = deploymentSetting('TEAM_TIME_ZONE').default!;

let zone: string | undefined;

/** The configured zone, read and checked once: a name Intl does not know stops the export with the variable named. */
export function teamTimeZone(): string {
  if (zone !== undefined) return zone;
  const named = process.env.TEAM_TIME_ZONE?.trim() || DEFAULT_TEAM_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone: named });
  } catch {
    throw new Error(`TEAM_TIME_ZONE "${named}" is not an IANA time zone (such as America/Toronto)`);
  }
  zone = named;
  return zone;
}
