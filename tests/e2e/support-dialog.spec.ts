import { expect, test } from '@playwright/test';

test('a brand with isCustomSupportRequired shows its own help desk in the support dialog on every page', async ({ page }) => {
  for (const path of ['/app/brightpath529/login?SMQUERYDATA=s', '/self-service/brightpath529/fps']) {
    await page.goto(path);
    await page.getByRole('button', { name: 'Support' }).click();
    const dialog = page.getByRole('dialog', { name: 'BrightPath 529 Plan Service Center' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('data-custom-support', 'true');
    await expect(dialog.getByRole('link', { name: '+1 877 555 0529' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'help@brightpath529.example' })).toBeVisible();
    await expect(dialog).not.toContainText('Questions about your 529 account?');
  }
});

test('a brand without it shows the standard support content, with the self-registration variant on the self-service pages', async ({ page }) => {
  await page.goto('/app/nxn/login?SMQUERYDATA=s');
  await page.getByRole('button', { name: 'Support' }).click();
  const dialog = page.getByRole('dialog', { name: 'Need help signing in?' });
  await expect(dialog).toHaveAttribute('data-custom-support', 'false');
  await expect(dialog.getByRole('link', { name: 'support@nxn.example' })).toBeVisible();
  await page.goto('/self-service/nxn/fps');
  await page.getByRole('button', { name: 'Support' }).click();
  await expect(page.getByRole('dialog', { name: 'Help with recovering your access' })).toHaveAttribute('data-custom-support', 'false');
});

test('the support dialog of a self-service page follows the user type the flow learns (spec 6)', async ({ page }) => {
  await page.goto('/self-service/nxn/fps-self-change-pw?uid=mstaff&uti=internal&FTUF=N');
  const dialog = page.locator('#support-dialog');
  await expect(dialog).toHaveAttribute('data-user-type', 'internal');
  await page.getByRole('button', { name: 'Support' }).click();
  await expect(page.getByRole('dialog')).toContainText('Staff accounts are supported by the IT Service Desk.');
});
