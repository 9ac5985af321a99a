// A Vite plugin holding a build to its deployment's web settings (docs/operations.md, "Configuration"): a production
// build stops before bundling when one is missing, malformed or a demo value; a local stack's build gets the demo ones.
import { resolve } from 'node:path';
import { loadEnv, type Plugin } from 'vite';
// By path, not by package: Vite bundles a config's relative imports, but loads packages (shared's is TypeScript) as
// Node would.
import { DEPLOYMENT_SETTINGS, deploymentProblems, settingPlace, settingProblemText } from '../../shared/src/deployment';

type Env = Readonly<Record<string, string | undefined>>;

/** The web settings' demo values, the local stack's (emulator builds and the web's unit tests). */
export function demoWebEnv(): Record<string, string> {
  return Object.fromEntries(
    DEPLOYMENT_SETTINGS.flatMap((setting) =>
      setting.side === 'web' && 'demo' in setting ? [[setting.name, setting.demo]] : [],
    ),
  );
}

/**
 * Whether a build targets the local emulators: only when VITE_USE_EMULATORS=true says so (`npm start`, the browser
 * tests), so a production build can never become a local one by a missing setting. `vite dev` without a project
 * still serves the emulators' app.
 */
export function targetsEmulators(env: Env, command: 'build' | 'serve'): boolean {
  if (env.VITE_USE_EMULATORS === 'true') return true;
  return command === 'serve' && env.VITE_USE_EMULATORS !== 'false' && !env.VITE_FIREBASE_PROJECT_ID;
}

/** Why `env` cannot make a production build of `mode` (each web setting and what is wrong), or undefined. */
export function webSettingsRefusal(env: Env, mode: string): string | undefined {
  const problems = deploymentProblems(env, ['web']);
  if (problems.length === 0) return undefined;
  const place = settingPlace(problems[0].setting, mode);
  return [
    `This production build (mode "${mode}") lacks its deployment's web settings. Set them in ${place}`,
    '(every setting is in web/.env.example and docs/operations.md, "Configuration"):',
    ...problems.map(({ setting, problem }) => `  - ${settingProblemText(setting, problem, env[setting.name])}`),
    'A build for the local emulators sets VITE_USE_EMULATORS=true instead.',
  ].join('\n');
}

/**
 * What a build of `mode` defines: whether it targets the emulators and, when it does, the demo value of each web
 * setting left unset. Throws the refusal for a production build that cannot go out.
 */
export function webBuildDefines(env: Env, command: 'build' | 'serve', mode: string): Record<string, string> {
  const emulators = targetsEmulators(env, command);
  if (!emulators) {
    const refusal = webSettingsRefusal(env, mode);
    if (refusal) throw new Error(refusal);
  }
  const demos = emulators ? Object.entries(demoWebEnv()).filter(([name]) => !env[name]?.trim()) : [];
  return Object.fromEntries([
    ['import.meta.env.VITE_USE_EMULATORS', JSON.stringify(String(emulators))],
    ...demos.map(([name, value]) => [`import.meta.env.${name}`, JSON.stringify(value)]),
  ]);
}

/** Reads the mode's env files (web/.env.<mode>, with the VITE_ variables of the environment) before anything else. */
export function deploymentSettings(): Plugin {
  return {
    name: 'trialdesk-deployment-settings',
    enforce: 'pre',
    config(config, { command, mode }) {
      const root = resolve(config.root ?? process.cwd());
      const envDir = typeof config.envDir === 'string' ? resolve(root, config.envDir) : root;
      // The files' values, overridden by the environment's VITE_ variables (as Vite itself reads them).
      const env = loadEnv(mode, envDir, 'VITE_');
      const define = webBuildDefines(env, command, mode);
      if (command === 'build') {
        const emulators = define['import.meta.env.VITE_USE_EMULATORS'] === '"true"';
        console.info(
          emulators
            ? 'Web settings: the local emulators’ build, with the demo values of the settings left unset.'
            : `Web settings of mode "${mode}": every one set for production.`,
        );
      }
      return { define };
    },
  };
}
