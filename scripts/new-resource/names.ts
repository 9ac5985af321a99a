// The names a new record kind goes by in each place, derived from its key (`npm run new-resource -- sites`).

export interface KindNames {
  /** Its key: collection, callables `<name>-list`..., dictionary section, folders (plural camelCase: `trialSites`). */
  name: string;
  /** One record, camelCase (`trialSite`) and PascalCase (`TrialSite`), in variable and type names. */
  one: string;
  One: string;
  /** Plural PascalCase (`TrialSites`), in function names. */
  Many: string;
  /** Upper snake case (`TRIAL_SITES`), in constant names. */
  CONSTANT: string;
  /** Its URL segment (`trial-sites`). */
  path: string;
  /** How people read it, plural (`Trial sites`) and singular (`trial site`). */
  label: string;
  labelOne: string;
}

const KEY = /^[a-z][a-zA-Z]{2,40}$/;
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const words = (camel: string) => camel.split(/(?=[A-Z])/).map((word) => word.toLowerCase());

/** The names of kind `name`, one record being `singular` (by default, `name` without its final s). */
export function kindNames(name: string, singular?: string): KindNames {
  if (!KEY.test(name)) {
    throw new Error(`"${name}" is not a record kind's key: plural camelCase letters, e.g. sites or trialSites`);
  }
  const one = singular ?? (name.endsWith('s') ? name.slice(0, -1) : '');
  if (!KEY.test(one) || one === name) {
    throw new Error(`Give the name of one "${name}" record with --singular (camelCase letters, e.g. --singular site)`);
  }
  const label = words(name).join(' ');
  return {
    name,
    one,
    One: capital(one),
    Many: capital(name),
    CONSTANT: words(name).join('_').toUpperCase(),
    path: words(name).join('-'),
    label: capital(label),
    labelOne: words(one).join(' '),
  };
}
