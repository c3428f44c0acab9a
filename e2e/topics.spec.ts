import { expect } from '@playwright/test';
import { test } from './kit';
import { auth, freshEmail, onboardedUser, openAs, ownAddress, shoot } from './onboarding-kit';

/**
 * Manage Topics: add a topic, answer a clarification, remove and edit a
 * topic, accept and remove a suggestion; the add-topic chat.
 */
test.beforeEach(async ({ context }, testInfo) => {
  await ownAddress(context, testInfo);
});

test('add, clarify, edit and remove topics on /topics', async ({ page, request, isMobile }, testInfo) => {
  test.setTimeout(90_000);
  const tokens = await onboardedUser(request, freshEmail(testInfo, 'topics'));
  await openAs(page, tokens, '/topics');
  await expect(page.getByRole('heading', { name: 'Manage Topics' })).toBeVisible();
  await expect(page.getByText('Add topics above to start building your personalized intelligence feed')).toBeVisible();
  await shoot(page, testInfo, 'topics-empty');

  const box = page.getByLabel('What would you like to track?');
  const add = page.getByRole('button', { name: 'Add topic' });
  await expect(add).toBeDisabled();
  await box.fill('   ');
  await expect(add).toBeDisabled();
  // One limit, the server's: the field takes 200 characters and counts them.
  await box.fill('x'.repeat(250));
  await expect(box).toHaveValue('x'.repeat(200));
  await expect(page.getByText('200/200 characters')).toBeVisible();
  await box.fill('Offshore wind permitting in the North Sea');
  await expect(page.getByText('41/200 characters')).toBeVisible();
  await page.getByRole('button', { name: 'All sources' }).click();
  await page.getByRole('group', { name: 'Sources' }).getByLabel('Regulations').check();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Sources (1)' })).toBeVisible();
  await box.press('Enter');
  const list = page.getByRole('main').getByRole('region', { name: 'Topics', exact: true });
  await expect(list.getByRole('heading', { name: 'Offshore wind permitting in the North Sea' })).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(page.getByRole('button', { name: 'All sources' })).toBeVisible();

  // An ambiguous name: the clarification panel with its choices.
  await box.fill('jaguar');
  await add.click();
  const panel = page.getByRole('region', { name: 'Clarification needed' });
  await expect(panel.getByText('Which one did you mean?', { exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Submit Answer' })).toBeDisabled();
  await shoot(page, testInfo, 'topics-clarification');
  await panel.getByRole('button', { name: 'Jaguar, the car maker' }).click();
  await expect(list.getByRole('heading', { name: 'Jaguar Land Rover' })).toBeVisible();
  // Newly added topics come first, newest first.
  await expect(list.getByRole('heading', { level: 3 }).first()).toHaveText('Jaguar Land Rover');

  // A duplicate.
  await box.fill('offshore wind permitting in the north sea');
  await add.click();
  await expect(page.getByText("You're already tracking this topic: Offshore wind permitting in the North Sea")).toBeVisible();

  // Edit: a new description (completed to 25 words by the server), saved and shown.
  await list.getByRole('button', { name: 'Edit Jaguar Land Rover' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Jaguar Land Rover' });
  await expect(dialog.getByLabel('Description')).not.toHaveValue('');
  await dialog.getByLabel('Description').fill('Recalls, electric models and factory plans of Jaguar Land Rover.');
  await shoot(page, testInfo, 'topics-edit');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Topic updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const topics = (await (await request.get('/api/me/topics/', { headers: auth(tokens) })).json()).topics as { name: string; description: string }[];
  expect(topics.find((t) => t.name === 'Jaguar Land Rover')!.description).toMatch(/^Recalls, electric models and factory plans of Jaguar Land Rover\. /);
  if (isMobile) await expect(list.getByText(/^Recalls, electric models/)).toBeVisible();

  // Remove, with the confirmation dialog.
  await list.getByRole('button', { name: 'Remove Offshore wind permitting in the North Sea' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove Topic' });
  await expect(remove.getByText('Are you sure you want to remove this topic from your list? You can re-add it later.')).toBeVisible();
  await shoot(page, testInfo, 'topics-remove');
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(remove).toBeHidden();
  await expect(list.getByRole('heading', { name: 'Offshore wind permitting in the North Sea' })).toHaveCount(0);
  await shoot(page, testInfo, 'topics-list');
});

test('accept and remove suggestions; add topics by chat', async ({ page, request, isMobile }, testInfo) => {
  test.setTimeout(90_000);
  const tokens = await onboardedUser(request, freshEmail(testInfo, 'suggest'));
  await openAs(page, tokens, '/topics');
  if (isMobile) await page.getByRole('button', { name: 'Suggestions', exact: true }).click();
  const suggestions = isMobile ? page.getByRole('dialog', { name: 'Suggestions' }) : page.getByRole('complementary', { name: 'Suggestions' });
  const adds = suggestions.getByRole('button', { name: /^Add / });
  await expect(adds.first()).toBeVisible();
  expect(await adds.count()).toBeLessThanOrEqual(12);
  await shoot(page, testInfo, 'topics-suggestions');
  const name = (await adds.first().getAttribute('aria-label'))!.replace(/^Add /, '');
  await adds.first().click();
  await expect(page.getByText(`Added topic "${name}"`)).toBeVisible();
  if (isMobile) await page.getByRole('button', { name: 'Close' }).click();
  const list = page.getByRole('main').getByRole('region', { name: 'Topics', exact: true });
  await expect(list.getByRole('heading', { name })).toBeVisible();
  // Added by name: 'Processing...' until its description is written (refreshed every 30 s).
  await expect(list.getByText('Processing...')).toHaveCount(0, { timeout: 40_000 });

  if (isMobile) await page.getByRole('button', { name: 'Suggestions', exact: true }).click();
  const removeButtons = suggestions.getByRole('button', { name: /^Remove suggestion / });
  const removed = (await removeButtons.first().getAttribute('aria-label'))!.replace(/^Remove suggestion /, '');
  await removeButtons.first().click();
  await expect(page.getByText('Suggestion removed')).toBeVisible();
  await expect(suggestions.getByRole('button', { name: `Add ${removed}`, exact: true })).toHaveCount(0);
  if (isMobile) await page.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Add by chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Add Topic' });
  await chat.getByLabel('Your message').fill('lithium prices, cobalt supply');
  await chat.getByLabel('Your message').press('Enter');
  await expect(chat.getByText(/Added “Lithium prices” to your topics\./)).toBeVisible();
  await shoot(page, testInfo, 'topics-chat');
  await chat.getByRole('button', { name: 'Close' }).click();
  await expect(list.getByRole('heading', { name: 'Cobalt supply' })).toBeVisible();
});
