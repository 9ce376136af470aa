/**
 * A new page's file name, and so its address, from its title as addressFromTitle (file-names.ts) writes it, not as
 * Decap's own cleaning does ("a-retailer-s-helpdesk"). Decap names a new entry after its collection's `slug`
 * template once the `preSave` handlers have run, so the last handler puts the name under `addressKey`, which the
 * template reads (decap-config.ts) and the file format leaves out of the file.
 */
import { contentCollections } from './decap-config.ts';
import { addressKey } from './frontmatter-format.ts';
import { addressFromTitle } from './file-names.ts';

interface ImmutableMap {
  get(key: string): unknown;
  getIn(path: string[]): unknown;
  set(key: string, value: unknown): ImmutableMap;
}
interface DecapEvents {
  registerEventListener(listener: { name: string; handler: (event: { entry: { get(key: string): unknown } }) => unknown }): void;
}

/** Must be registered after every other `preSave` handler: the entry checks would refuse the extra key. */
export function registerNewEntryAddresses(cms: DecapEvents): void {
  cms.registerEventListener({
    name: 'preSave',
    handler: ({ entry }) => {
      if (!entry.get('newRecord')) return undefined;
      // The field each new page is named after (the collection's `identifier_field`).
      const identifier = contentCollections.find(({ folder }) => folder === entry.get('collection'))?.identifier;
      const data = entry.get('data') as ImmutableMap;
      const title = identifier ? data.getIn(identifier.split('.')) : undefined;
      if (typeof title !== 'string') return undefined;
      // A title with no Latin letter or digit leaves nothing; Decap numbers a name already taken (new-page-1).
      return data.set(addressKey, addressFromTitle(title) || 'new-page');
    },
  });
}
