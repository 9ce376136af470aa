/**
 * The variables this build was given. Vite replaces `import.meta.env` with their values in Astro's build (every
 * variable) and in the browser bundle (PUBLIC_ ones only, which is why the settings browser code reads are PUBLIC_);
 * plain Node scripts (scripts/) have no `import.meta.env`, only `process.env`.
 */
import { settingValue, type Environment } from './settings.ts';

const viteEnv: Environment = (import.meta.env as Environment | undefined) ?? {};
const nodeEnv: Environment = globalThis.process?.env ?? {};

export const environment: Environment = { ...nodeEnv, ...viteEnv };

/** The value of a setting of src/config/settings.ts for this build. */
export const setting = (name: string): string => settingValue(environment, name);
