import { expect, test } from '@playwright/test';
import { lastCode, outbox, RecoveryPage, statistics } from './support/recovery-page.ts';
import { freshEmulatorForEachTest } from './support/emulator.ts';

freshEmulatorForEachTest();

test('jdoe recovers the user id: INFO shows the masked e-mail and the id arrives by e-mail', async ({ page, request }) => {
  const recovery = new RecoveryPage(page);
  await recovery.requestUserId('John', 'Doe', 'John.Doe@example.com');
  await recovery.choose(/Option #1 Email/);
  await recovery.enterCode(await lastCode(request));
  await expect(page.getByRole('heading', { name: 'Your User ID is on its way' })).toBeVisible();
  await expect(page.getByText('J******e@example.com')).toBeVisible();
  expect((await outbox(request)).at(-1)).toMatchObject({ to: 'john.doe@example.com', text: 'Your User ID is jdoe.' });
  // The page view and the forgot-user-id success each leave a usage record (spec 4.3), without the principal id.
  await expect.poll(async () => (await statistics(request, 'NXN_USAGE_STATS')).map((record) => [record['FROM_STATE'], record['TO_STATE'], record['TRANSITION_STATUS']]))
    .toEqual(expect.arrayContaining([['entry', 'FUID/requestPage', 'Success'], ['FUID/verifyPage', 'FUID/infoPage', 'Success']]));
  expect(await statistics(request, 'NXN_USAGE_STATS')).toContainEqual(expect.objectContaining({ TO_STATE: 'FUID/infoPage', WL_KEY: 'nxn', LAST_ACTIVITY_USER_ID: null }));
});

test('a forgot-user lookup failure shows its message, with the _wl wording for other brands', async ({ page, request }) => {
  const recovery = new RecoveryPage(page);
  for (const [brand, text] of [['nxn', 'We could not find an account with these details. Please check them and try again.'], ['brightpath529', "We could not find an account with these details. Please check them or contact your plan's service center."]]) {
    await recovery.requestUserId('No', 'Body', 'no.body@example.com', brand);
    await expect(page.getByRole('alert')).toHaveText(text ?? '');
    await expect(recovery.continueButton).toBeDisabled();
  }
  // Each brand's page view and lookup failure leave their usage records (spec 4.3).
  await expect.poll(async () => (await statistics(request, 'NXN_USAGE_STATS')).map((record) => [record['WL_KEY'], record['FROM_STATE'], record['TO_STATE'], record['TRANSITION_STATUS']]))
    .toEqual(expect.arrayContaining([
      ['nxn', 'entry', 'FUID/requestPage', 'Success'], ['nxn', 'FUID/requestPage', 'FUID/lookup', 'Failure'],
      ['brightpath529', 'entry', 'FUID/requestPage', 'Success'], ['brightpath529', 'FUID/requestPage', 'FUID/lookup', 'Failure'],
    ]));
});
