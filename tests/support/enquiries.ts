import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { mailViewerUrl } from '../../scripts/local-backend/mail-catcher.ts';
import { localSupabaseUrl } from '../../src/config/local-supabase.ts';
import { localSupabaseServiceRoleKey } from '../../scripts/local-backend/local-api-keys.ts';
import type { StoredEnquiry } from '../../scripts/enquiry-export/enquiry-export-format.ts';

/** Reads stored enquiries from the local backend as staff do (service role), filtered by email. */
export async function storedEnquiries(request: APIRequestContext, email: string): Promise<StoredEnquiry[]> {
  const response = await request.get(`${supabaseOrigin}/rest/v1/contact_submissions?select=*`, {
    headers: { apikey: localSupabaseServiceRoleKey, Authorization: `Bearer ${localSupabaseServiceRoleKey}` },
  });
  if (!response.ok()) throw new Error(`Reading enquiries failed: ${response.status()} ${await response.text()}`);
  const rows = (await response.json()) as StoredEnquiry[];
  return rows.filter((row) => row.email === email);
}

/** An e-mail as the local mail viewer (maildev) lists it. */
export interface ViewerMail {
  id: string;
  subject: string;
  text: string;
  to: Array<{ address: string }>;
  envelope: { to: Array<{ address: string }> };
}

/** Waits for the e-mail whose text contains `text` to reach the local mail viewer, and returns it. */
export async function mailInViewer(request: APIRequestContext, text: string, timeout: number): Promise<ViewerMail> {
  let mail: ViewerMail | undefined;
  await expect
    .poll(
      async () => {
        const inbox = (await (await request.get(`${mailViewerUrl}/api/email`)).json()) as ViewerMail[];
        mail = inbox.find((m) => m.text.includes(text));
        return mail !== undefined;
      },
      { timeout, intervals: [100] },
    )
    .toBe(true);
  return mail!;
}

/** A unique address per test run, so tests never see each other's rows or share a rate limit. */
export const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The Supabase project the build talks to: PUBLIC_SUPABASE_URL when set, else the local stand-in (as src/config/supabase-project.ts). */
export const supabaseOrigin = new URL(process.env.PUBLIC_SUPABASE_URL || localSupabaseUrl).origin;

/** Every POST of an enquiry the given pages make from now on. */
export function countEnquiryPosts(pages: Page[]): { count: number } {
  const posts = { count: 0 };
  for (const page of pages) {
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/rest/v1/contact_submissions')) posts.count += 1;
    });
  }
  return posts;
}
