import { expect } from '@playwright/test';
import { test } from './kit';
import { auth, freshEmail, newUser, onboardedUser, openAs, ownAddress, shoot } from './onboarding-kit';

/**
 * Onboarding journeys: a new user
 * completes the profile (with a clarifying question), picks suggestions, adds a topic of their
 * own after choosing its meaning, and lands on Home; a user without an AI profile is interviewed.
 */
test.beforeEach(async ({ context }, testInfo) => {
  await ownAddress(context, testInfo);
});

test('a new user completes the profile, picks suggestions, adds a custom topic and lands on Home', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const email = freshEmail(testInfo, 'onboard');
  const tokens = await newUser(request, email, 'Grace');
  await openAs(page, tokens, '/');
  await expect(page).toHaveURL(/\/complete-profile$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Grace' })).toBeVisible();
  await expect(page.getByLabel('Breaking News Alerts')).toBeChecked();
  await expect(page.getByLabel('Daily Brief')).toBeChecked();
  await expect(page.getByLabel('Language')).toHaveValue('en');
  await shoot(page, testInfo, 'complete-profile-form');

  // Interests are required.
  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await expect(page.getByText('Please enter your interests')).toBeVisible();

  await page.getByLabel('Title').fill('Head of research');
  await page.getByLabel('Company or organization').fill('Northwind Capital');
  await page.getByLabel('Location').fill('United States');
  await page.getByLabel('Interests').fill('economy');
  await page.getByRole('button', { name: 'Complete Profile' }).click();

  // Too broad: the asking step, then an answer.
  await expect(page.getByText('We need a bit more information')).toBeVisible();
  await expect(page.getByText(/Could you be more specific/)).toBeVisible();
  await shoot(page, testInfo, 'complete-profile-asking');
  // A reload during the step keeps it: the question and the answers given.
  await page.reload();
  await expect(page.getByText(/Could you be more specific/)).toBeVisible();
  await page.getByRole('button', { name: 'Back to Form' }).click();
  await expect(page.getByLabel('Title')).toHaveValue('Head of research');
  await expect(page.getByLabel('Company or organization')).toHaveValue('Northwind Capital');
  await expect(page.getByLabel('Location')).toHaveValue('United States');
  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await expect(page.getByText(/Could you be more specific/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await page.getByLabel('Your answer').fill('Federal Reserve interest rate decisions and bank capital rules');
  await page.getByLabel('Your answer').press('Enter');

  await expect(page.getByText("We've suggested a few topics based on your profile. Select any you'd like to follow now. You can always add or remove topics later.")).toBeVisible({ timeout: 20_000 });
  const grid = page.getByRole('list', { name: 'Suggested topics' });
  const cards = grid.getByRole('button');
  expect(await cards.count()).toBeGreaterThanOrEqual(4);
  expect(await cards.count()).toBeLessThanOrEqual(36);
  const first = cards.nth(0);
  const second = cards.nth(1);
  const chosen = [(await first.locator('span.block').first().textContent())!, (await second.locator('span.block').first().textContent())!];
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await second.click();
  await expect(page.getByText('2 selected')).toBeVisible();
  await shoot(page, testInfo, 'complete-profile-suggestions');
  await page.getByRole('button', { name: 'Finish' }).click();

  // Custom topics: an ambiguous name is asked about, the chosen meaning is added.
  await expect(page.getByText("Add any other topics you're interested in.")).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your current topics' })).toBeVisible();
  for (const name of chosen) await expect(page.getByRole('button', { name: new RegExp(name) })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'All sources' })).toBeVisible();
  await page.getByRole('button', { name: 'All sources' }).click();
  await page.getByRole('group', { name: 'Sources' }).getByLabel('News').check();
  await page.getByRole('group', { name: 'Sources' }).getByLabel('Regulations').check();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Sources (2)' })).toBeVisible();
  await page.getByLabel('Topic', { exact: true }).fill('apple');
  await page.getByLabel('Topic', { exact: true }).press('Enter');
  const panel = page.getByRole('region', { name: 'Clarification needed' });
  await expect(panel.getByText('Which one did you mean?', { exact: true })).toBeVisible();
  await shoot(page, testInfo, 'complete-profile-clarification');
  await panel.getByRole('button', { name: 'Apple Inc., the technology company' }).click();
  const added = page.getByRole('region', { name: 'Added topics' });
  await expect(added.getByRole('button', { name: /Apple Inc\./ })).toHaveAttribute('aria-pressed', 'true');
  await expect(added.getByText('News · Regulations')).toBeVisible();
  await expect(page.getByLabel('Topic', { exact: true })).toHaveValue('');
  await expect(page.getByRole('button', { name: 'All sources' })).toBeVisible();

  // The same topic again is a duplicate.
  await page.getByLabel('Topic', { exact: true }).fill('Apple Inc.');
  await page.getByRole('button', { name: 'Add topic' }).click();
  await expect(page.getByText('This topic is already tracked')).toBeVisible();
  // Deselecting one of the current topics retires it at Finish.
  await page.getByRole('button', { name: new RegExp(chosen[1]!) }).click();
  await shoot(page, testInfo, 'complete-profile-custom');
  await page.getByRole('button', { name: 'Finish' }).click();

  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  const me = await (await request.get('/api/me/', { headers: auth(tokens) })).json();
  expect(me).toMatchObject({ profile_completed: true, suggestions_completed: true, onboarding_complete: true, job_title_function: 'Head of research' });
  expect(me.topics.map((t: { name: string }) => t.name).sort()).toEqual([chosen[0], 'Apple Inc.'].sort());
  // History was replaced: Back does not return to the onboarding screens.
  await page.goBack();
  await expect(page).not.toHaveURL(/complete-profile/);
});

test('a user without an AI profile is interviewed on Home and ends with a profile and topics', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const tokens = await onboardedUser(request, freshEmail(testInfo, 'interview'), 'Hedy', 'semiconductor supply chains');
  // A reset profile (the superuser's Reset Profile does the same): the interview shows on Home.
  expect((await request.post('/api/conversation/restart/', { headers: auth(tokens) })).status()).toBe(200);
  await openAs(page, tokens, '/');
  await expect(page.getByRole('heading', { name: "Let's set up your feed" })).toBeVisible();
  const chat = page.getByRole('list', { name: 'Interview' });
  await expect(chat.getByText(/Hi Hedy! .*Which best describes your role\?/)).toBeVisible();
  await shoot(page, testInfo, 'interview-start');

  const answer = async (options: string[], other?: string) => {
    const group = chat.locator('fieldset:not([disabled])').last();
    for (const option of options) await group.getByLabel(option, { exact: true }).check();
    if (other) {
      await group.getByLabel('Other', { exact: true }).check();
      await group.getByRole('textbox', { name: 'Other' }).fill(other);
    }
    await group.getByRole('button', { name: 'Continue' }).click();
  };
  await answer(['Engineering or product']);
  await expect(chat.getByRole('group', { name: 'Which industries do you follow most closely? Choose up to three.' })).toBeVisible();
  // The answered question is locked.
  await expect(chat.locator('fieldset').first().getByRole('radio', { name: 'Engineering or product' })).toBeDisabled();
  await expect(chat.locator('fieldset').first().getByRole('radio', { name: 'Engineering or product' })).toBeChecked();
  await answer(['Semiconductors & Electronics'], 'Quantum computing');
  await expect(chat.getByText('Semiconductors & Electronics, Quantum computing')).toBeVisible();
  await answer(['Patents', 'News and business reporting']);
  await answer(['United States', 'China']);
  await expect(chat.getByText(/organisations, companies, products or markets/)).toBeVisible();
  const box = page.getByLabel('Your message');
  await box.fill('TSMC, ASML');
  await box.press('Shift+Enter');
  await box.pressSequentially('Nvidia');
  await expect(box).toHaveValue('TSMC, ASML\nNvidia');
  await box.press('Enter');
  await expect(chat.getByRole('group', { name: /which of these should Herald start tracking for you/ })).toBeVisible();
  await shoot(page, testInfo, 'interview-topics');
  const topics = chat.locator('fieldset:not([disabled])').last();
  const pick = (await topics.getByRole('checkbox').first().locator('xpath=..').textContent())!.trim();
  await topics.getByRole('checkbox').first().check();
  await topics.getByRole('button', { name: 'Continue' }).click();

  // The closing message is not shown; the profile is built and Home becomes the feed.
  await expect(page.getByRole('heading', { name: "Let's set up your feed" })).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByText(/enough information to create your profile/)).toHaveCount(0);
  const me = await (await request.get('/api/me/', { headers: auth(tokens) })).json();
  expect(me.gpt_profile).toMatch(/^Hedy is/);
  expect(me.gpt_industries[0]).toBe('Semiconductors & Electronics');
  expect(me.topics.map((t: { name: string }) => t.name)).toContain(pick);
});

test('a new user who finishes onboarding sees their first articles within a minute (the catch-up of the store)', async ({ page, request }, testInfo) => {
  test.setTimeout(150_000);
  const email = freshEmail(testInfo, 'firstfeed');
  const tokens = await newUser(request, email, 'Iris');
  // The store holds the demo corpus: wait until its FOMC statements are in (the replay starts with the server).
  await expect.poll(async () => (await (await request.get('/api/health')).json()).content.documents, { timeout: 60_000 }).toBeGreaterThan(300);
  await openAs(page, tokens, '/');
  await expect(page).toHaveURL(/\/complete-profile$/);
  await page.getByLabel('Title').fill('Economist');
  await page.getByLabel('Company or organization').fill('Harbor Bank');
  await page.getByLabel('Location').fill('United States');
  await page.getByLabel('Interests').fill('Federal Reserve interest rate decisions and FOMC statements');
  await page.getByRole('button', { name: 'Complete Profile' }).click();
  const grid = page.getByRole('list', { name: 'Suggested topics' });
  await expect(grid).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.getByLabel('Topic', { exact: true }).fill('Federal Open Market Committee');
  await page.getByRole('button', { name: 'Add topic' }).click();
  await expect(page.getByRole('region', { name: 'Added topics' }).getByRole('button', { name: /Federal Open Market Committee/ })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Finish' }).click();
  const finishedAt = Date.now();
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  // The first articles, marked as the catch-up, within 60 s of Finish (the page polls by itself).
  await expect(page.getByRole('article').first()).toBeVisible({ timeout: 60_000 - (Date.now() - finishedAt) });
  await expect(page.getByRole('article').first().getByText('Catch-up')).toBeVisible();
  // Their own account bears their name: the side panel names them once, then their email.
  if (!testInfo.project.name.includes('mobile')) {
    const panel = page.getByRole('complementary', { name: 'Profile' });
    await expect(panel.getByText(email)).toBeVisible();
    await expect(panel.getByText('Iris Lovelace')).toHaveCount(1);
  }
  await shoot(page, testInfo, 'first-feed');
});
