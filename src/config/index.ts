export * from './company.ts';
export * from './offices.ts';
export * from './figures.ts';
export * from './routes.ts';
export * from './navigation.ts';
