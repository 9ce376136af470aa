declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrates on the visitor's first focus, pointer or key down inside the island, or at once when localStorage
     * holds a key starting with `storedWork` (src/enquiry/hydrate-on-intent.ts).
     */
    'client:intent'?: { storedWork?: string } | boolean;
  }
}

export {};
