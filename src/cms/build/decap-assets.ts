/** Decap CMS's browser build, served from node_modules at /admin/<file> rather than committed. */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// Resolved from the project root (where astro runs): this module is bundled elsewhere at build time.
export const decapDist = dirname(createRequire(join(process.cwd(), 'package.json')).resolve('decap-cms'));

/** The entry script, the chunks it loads on demand from beside itself, and their WebAssembly modules. */
export const decapAssetFiles = (): string[] => readdirSync(decapDist).filter((file) => /^(\d+\.)?decap-cms\.js$|\.wasm$/.test(file));

export const contentTypeOf = (file: string) => (file.endsWith('.wasm') ? 'application/wasm' : 'text/javascript; charset=utf-8');
