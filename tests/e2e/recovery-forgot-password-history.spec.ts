import { expect, test } from '@playwright/test';
import { codeSentTo, lastCode, RecoveryPage, sentCodes } from './support/recovery-page.ts';
import { freshEmulatorForEachTest } from './support/emulator.ts';

// The forgot-password steps in the browser's history: Back, Forward, Return to previous page and a reload
// move through the steps without sending a new code; two tabs run flows of their own.
freshEmulatorForEachTest();

test('Back and Forward move through the steps both ways without sending a new code, and the restored step takes the code sent', async ({ page, request }) => {
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword('jdoe');
  await recovery.choose(/Option #2 SMS/);
  const code = await lastCode(request);
  expect(await sentCodes(request)).toBe(1);
  const verifyStep = page.getByText('We sent a 6-digit passcode by SMS to +***0147.');
  await expect(verifyStep).toBeVisible();

  await page.goBack();
  await expect(recovery.option(/Option #2 SMS/)).toBeVisible();
  await page.goForward();
  await expect(verifyStep).toBeVisible();
  await expect(recovery.passcode).toHaveValue('');
  await page.goBack();
  await expect(recovery.option(/Option #1 Email/)).toBeVisible();
  await page.goBack();
  await expect(recovery.userId).toHaveValue('');
  await expect(page).toHaveURL(/\/self-service\/nxn\/fps$/);
  await page.goForward();
  await expect(recovery.option(/Option #2 SMS/)).toBeVisible();
  await page.goForward();
  await expect(verifyStep).toBeVisible();
  // Five moves, no send: the code of the first send is the one that works.
  expect(await sentCodes(request)).toBe(1);
  await recovery.enterCode(code);
  await expect(page).toHaveURL(/fps-self-change-pw\?uid=jdoe&uti=external/);
});

test('Return to previous page is a step back in the history: Forward comes back to the code already sent', async ({ page, request }) => {
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword('jdoe');
  await recovery.choose(/Option #1 Email/);
  const code = await lastCode(request);
  await recovery.returnButton.click();
  await expect(recovery.option(/Option #1 Email/)).toBeVisible();
  await page.goForward();
  await expect(page.getByText('We sent a 6-digit passcode by Email to j******e@example.com.')).toBeVisible();
  await page.goBack();
  await page.goBack();
  await expect(recovery.userId).toBeVisible();
  // Back once more leaves the page for the one before it.
  await page.goBack();
  await expect(page).toHaveURL('about:blank');
  await page.goForward();
  await expect(recovery.userId).toBeVisible();
  expect(await sentCodes(request)).toBe(1);
  expect(code).toMatch(/^\d{6}$/);
});

test('after a reload every step of the earlier page starts cleanly at the request step, never half-filled, and sends nothing', async ({ page, request }) => {
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword('jdoe');
  await recovery.choose(/Option #1 Email/);
  await expect(recovery.passcode).toBeVisible();
  await page.reload();
  await expect(recovery.userId).toHaveValue('');
  await expect(recovery.continueButton).toBeDisabled();
  await page.goBack();
  await expect(recovery.userId).toHaveValue('');
  await expect(page.getByText('Option #1')).toHaveCount(0);
  await page.goForward();
  await expect(recovery.userId).toHaveValue('');
  await expect(recovery.passcode).toHaveCount(0);
  expect(await sentCodes(request)).toBe(1);
  // A clean start works as a first one: a new flow, a new code.
  await recovery.userId.fill('jdoe');
  await recovery.continueButton.click();
  await recovery.choose(/Option #2 SMS/);
  await recovery.enterCode(await lastCode(request));
  await expect(page).toHaveURL(/fps-self-change-pw/);
});

test('two tabs run their own flows without touching each other', async ({ context, request }) => {
  const [first, second] = [await context.newPage(), await context.newPage()];
  const [jdoe, mstaff] = [new RecoveryPage(first), new RecoveryPage(second)];
  await jdoe.requestPassword('jdoe');
  await mstaff.requestPassword('mstaff');
  await jdoe.choose(/Option #1 Email/);
  const jdoeCode = await codeSentTo(request, 'john.doe@example.com');
  await mstaff.choose(/Option #2 SMS/);
  const mstaffCode = await codeSentTo(request, '201-555-0111');
  // The second tab's flow did not replace the first tab's step, transaction or user.
  await expect(first.getByText('john.doe@example.com'.replace(/^(.).*(.)@/, '$1******$2@'))).toBeVisible();
  await mstaff.enterCode(mstaffCode);
  await jdoe.enterCode(jdoeCode);
  await expect(second).toHaveURL(/fps-self-change-pw\?uid=mstaff&uti=internal/);
  await expect(first).toHaveURL(/fps-self-change-pw\?uid=jdoe&uti=external/);
});
