/**
 * A video section asks the video site for nothing until the visitor presses play; then the player takes the place
 * of the play button, in the same 16:9 box, with the video's title. Without JavaScript a link leads to the video on
 * its own site, and the box that could not play is not shown. The site's pages have no video, so this runs in the copy tests/project/video-section.test.ts builds
 * (VIDEO_FIXTURE=1); the players are answered by local stand-ins, so no test needs the internet.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { videoFixtures, videoHosts } from '../support/video-fixture.ts';

test.skip(!process.env.VIDEO_FIXTURE, 'needs the build with video sections made by tests/project/video-section.test.ts');

/** Every request to a video site's host, from now on; each player's address answered by a stand-in page. */
async function recordVideoRequests(page: Page): Promise<string[]> {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (videoHosts.test(new URL(request.url()).hostname)) requests.push(request.url());
  });
  await page.route(
    (url) => videoHosts.test(url.hostname),
    (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Player</title><p>Stand-in player</p>' }),
  );
  return requests;
}

for (const video of Object.values(videoFixtures)) {
  test(`${video.provider}: nothing from the video site before play, the player after, in the same box`, async ({ page }) => {
    const requests = await recordVideoRequests(page);
    await page.goto(video.path);
    await page.waitForLoadState('networkidle');
    await page.mouse.wheel(0, 1500);
    await page.waitForLoadState('networkidle');
    expect(requests).toEqual([]);

    const play = page.getByRole('button', { name: `Play video: ${video.videoTitle}` });
    await play.scrollIntoViewIfNeeded();
    const before = (await play.boundingBox())!;
    expect(before.width / before.height).toBeCloseTo(16 / 9, 1);
    // A keyboard press, as a keyboard user plays it; the focus ring shows on the button first.
    await play.focus();
    await expect(play).toHaveCSS('outline-style', 'solid');
    await page.keyboard.press('Enter');

    const frame = page.locator(`iframe[title="${video.videoTitle}"]`);
    await expect(frame).toHaveAttribute('src', video.embedUrl);
    await expect(page.frameLocator(`iframe[title="${video.videoTitle}"]`).getByText('Stand-in player')).toBeVisible();
    await expect(frame).toBeFocused();
    await expect(play).toHaveCount(0);
    expect(await frame.boundingBox()).toEqual(before);
    expect(requests).toEqual([video.embedUrl]);
  });
}

declare global {
  interface Window {
    /** The page's layout shifts so far (the Layout Instability API's score, summed). */
    layoutShift: number;
    /** What moved in each shift, for the failure's report. */
    shifted: string[];
  }
}

test('the video section passes axe (WCAG 2.2 AA) and nothing on the page moves when it is shown or played', async ({ page }) => {
  const video = videoFixtures.youtube;
  await page.addInitScript(() => {
    window.layoutShift = 0;
    window.shifted = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node | null }[] })[]) {
        window.layoutShift += entry.value;
        for (const { node } of entry.sources ?? []) window.shifted.push(node instanceof Element ? node.outerHTML.slice(0, 160) : String(node?.nodeName));
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await recordVideoRequests(page);
  await page.goto(video.path);
  const figure = page.locator('figure').filter({ has: page.getByRole('button', { name: `Play video: ${video.videoTitle}` }) });
  await figure.scrollIntoViewIfNeeded();
  const { violations } = await new AxeBuilder({ page })
    .include('figure:has([data-embed])')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual([]);
  // Showing the box moves nothing in it (on a loaded machine the page may still settle elsewhere, which is not the video's doing).
  expect((await page.evaluate(() => window.shifted)).filter((html) => /data-embed|Play video/.test(html))).toEqual([]);
  const beforePlay = await page.evaluate(() => ({ score: window.layoutShift, shifted: window.shifted.length }));
  await page.getByRole('button', { name: `Play video: ${video.videoTitle}` }).click();
  await expect(page.frameLocator(`iframe[title="${video.videoTitle}"]`).getByText('Stand-in player')).toBeVisible();
  // Playing replaces the button with the player in the same box: nothing on the page moves.
  expect(await page.evaluate(({ score, shifted }) => ({ score: window.layoutShift - score, shifted: window.shifted.slice(shifted) }), beforePlay)).toEqual({
    score: 0,
    shifted: [],
  });
});

test('a pointer click plays too; nothing in the box moves, whatever the motion setting', async ({ page }) => {
  const video = videoFixtures.youtube;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const requests = await recordVideoRequests(page);
  await page.goto(video.path);
  const play = page.getByRole('button', { name: `Play video: ${video.videoTitle}` });
  await play.hover();
  expect(await play.evaluate((button) => button.parentElement!.getAnimations({ subtree: true }).length)).toBe(0);
  await play.click();
  await expect(page.locator(`iframe[title="${video.videoTitle}"]`)).toHaveAttribute('src', video.embedUrl);
  expect(requests).toEqual([video.embedUrl]);
});

test('without JavaScript, no play button shows and the caption links to the video on its site', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const requests = await recordVideoRequests(page);
  for (const video of Object.values(videoFixtures)) {
    await page.goto(video.path);
    await expect(page.getByRole('link', { name: `Watch “${video.videoTitle}” on ${video.provider}` })).toHaveAttribute('href', video.watchUrl);
    await expect(page.getByRole('link', { name: `Watch “${video.videoTitle}” on ${video.provider}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Play video: ${video.videoTitle}` })).toBeHidden();
    await expect(page.locator('figcaption').filter({ hasText: 'Watch' })).toHaveText(
      `Filmed at a client's site. Watch “${video.videoTitle}” on ${video.provider}`,
    );
  }
  expect(requests).toEqual([]);
  await context.close();
});
