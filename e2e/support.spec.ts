import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

/**
 * The support chat end to end: an instructor asks how to prove a record was not changed and is
 * led to the right article; "which report do I need?" is answered, not greeted; "I need a
 * human" opens a request that the admin answers on the Support Center, and the answer appears
 * in the instructor's chat, which keeps the conversation after a reload.
 */
test('the chat answers from the help centre, and a request for a person reaches the admin and back', async ({
  page,
  browser,
  baseURL,
}) => {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `instructor-${suffix}@centerline.test`;
  const password = 'instructor passphrase for e2e';

  await signIn(page);
  const invited = await page.request.post('/api/users', {
    data: { email, firstName: 'Quinn', lastName: `Instructor ${suffix}`, role: 'instructor' },
  });
  expect(invited.status()).toBe(201);
  const { invitePath, user: member } = (await invited.json()) as {
    invitePath: string;
    user: { id: string };
  };

  const context = await browser.newContext({ baseURL });
  try {
    const user = await context.newPage();
    await user.goto(invitePath);
    await user.getByLabel('Password', { exact: true }).fill(password);
    await user.getByLabel('Confirm password').fill(password);
    await user.getByRole('button', { name: 'Join and sign in' }).click();
    await expect(user.getByRole('heading', { level: 1 })).toBeVisible();

    await user.getByRole('button', { name: 'Open support chat' }).click();
    const chat = user.getByRole('region', { name: 'Centerline Support' });
    await expect(chat.getByText('Hello Quinn.', { exact: false })).toBeVisible();
    const input = chat.getByLabel('Your question');
    // The send button waits for a question.
    await expect(chat.getByRole('button', { name: 'Send' })).toBeDisabled();

    // The first answer is held back a few seconds, so the typing indicator is there to be seen
    // however loaded the machine (it shows for at least a second, which a busy run can miss).
    await user.route(
      '**/api/support/chat',
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 4000));
        await route.continue();
      },
      { times: 1 },
    );
    await input.fill("how do I prove a record wasn't changed?");
    await input.press('Enter');
    await expect(chat.getByText('Assistant is typing…')).toBeVisible();
    const articleLink = chat.getByRole('link', {
      name: 'Proving a training record has not been changed',
    });
    await expect(articleLink).toBeVisible();

    await input.fill('which report do I need?');
    await input.press('Enter');
    await expect(
      chat.getByRole('link', { name: 'Exporting Summary, Detailed and Audit reports' }),
    ).toBeVisible();
    await expect(chat.getByText('Ask me anything about Centerline')).toHaveCount(1);

    // Markup is kept as text.
    await input.fill('<b>I need a human</b>');
    await input.press('Enter');
    await expect(chat.getByText('<b>I need a human</b>')).toBeVisible();
    await expect(chat.getByText(/as request #\d+/)).toBeVisible();
    const number = (await chat.getByText(/as request #\d+/).textContent())!.match(/#(\d+)/)![1];

    // The admin finds it on the Support Center and answers.
    await page.goto('/support');
    const request = page.getByRole('link', { name: new RegExp(`#${number} how do I prove`) });
    await expect(request).toContainText('Open');
    await request.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Support Center' })).toBeVisible();
    await expect(page.getByText('<b>I need a human</b>')).toBeVisible();
    await page
      .getByLabel('Answer (the requester sees it in the chat)')
      .fill('Open the record, then Download proof bundle; I will walk you through it at 3 pm.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Waiting for reply').first()).toBeVisible();

    // The answer reaches the open chat (it polls while the request is open) and survives a reload.
    await expect(
      chat.getByText('I will walk you through it at 3 pm.', { exact: false }),
    ).toBeVisible({
      timeout: 20_000,
    });
    await user.reload();
    await user.getByRole('button', { name: 'Open support chat' }).click();
    await user.getByRole('button', { name: 'Past conversations' }).click();
    await chat.getByRole('button', { name: /how do I prove a record wasn't changed\?/ }).click();
    await expect(
      chat.getByText('I will walk you through it at 3 pm.', { exact: false }),
    ).toBeVisible();
    await expect(chat.getByText("how do I prove a record wasn't changed?")).toBeVisible();

    // The help centre's search finds the article, and the article opens.
    await user.goto('/support');
    await user.getByLabel('Search the help centre').fill('proof bundle offline');
    await expect(user.getByRole('link', { name: /^Verifying proofs offline/ })).toBeVisible();
    await user
      .getByRole('link', { name: /Proving a training record has not been changed/ })
      .first()
      .click();
    await expect(user.getByRole('heading', { level: 2, name: 'Proof bundles' })).toBeVisible();
  } finally {
    await context.close();
    // The seat goes back: the other flows invite people on the same plan.
    await page.request.patch(`/api/users/${member.id}`, { data: { active: false } });
  }
});

test('the status line is computed from the health checks', async ({ page }) => {
  await signIn(page);
  await page.goto('/support');
  const status = page.getByText(/^(All systems operational|Some systems need attention)$/);
  await expect(status).toBeVisible();
  const answer = await (await page.request.get('/api/support/status')).json();
  await expect(status).toHaveText(
    answer.operational ? 'All systems operational' : 'Some systems need attention',
  );
  for (const label of ['Database', 'Job queue', 'OCR workers', 'Disk']) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
});
