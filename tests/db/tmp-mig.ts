import { openMigrated, openPglite, queryAs } from '/work/wt-reminders/tests/db/support/test-databases.ts';
const { db, applied } = await openMigrated(openPglite);
console.log(applied);
console.log(await queryAs(db, 'service_role', `select public.schedule_enquiry_reminders('20 hours', 9, 'Asia/Kolkata')`));
