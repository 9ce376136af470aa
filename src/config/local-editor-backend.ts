/**
 * The editor's local backend under `npm run dev` (scripts/local-backend/cms-local-server.ts), where /admin's
 * configuration sends it: port DECAP_SERVER_PORT, 8081 by default.
 */
export const localEditorBackendPort = (): number => Number(process.env.DECAP_SERVER_PORT || 8081);
