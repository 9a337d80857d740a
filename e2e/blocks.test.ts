import type { Locator, Page } from 'playwright-core';
import { newSignedInPage, switchLanguage } from './support/fixtures';
import { keyboardDrag } from './support/drag';
import { showsAtMostLines } from './support/layout';
import { describe, expect, test } from './support/test';

/** The names of the composition modal's preview list, top to bottom. */
async function previewOrder(dialog: Locator): Promise<string[]> {
  const items = dialog.getByRole('list', { name: 'Blocks in order' }).getByRole('listitem');
  const names: string[] = [];
  for (const item of await items.all()) {
    const label =
      (await item.getByRole('button', { name: /^Move / }).getAttribute('aria-label')) ?? '';
    names.push(label.replace(/^Move (.*) \(position \d+\)$/, '$1'));
  }
  return names;
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

describe('blocks and compositions', () => {
  test('creates, validates, edits and deletes blocks through the modal', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    await page.goto('/settings/blocks');
    await page.getByRole('heading', { level: 1, name: 'Blocks' }).waitFor();

    // The system blocks of the first sign-in, in their gear-marked group, not deletable.
    const system = page.getByRole('region', { name: 'System blocks' });
    await system.getByText('6 blocks').waitFor();
    await card(page, 'Project structure').waitFor();
    expect(await system.getByRole('button', { name: /^Delete block/ }).count()).toBe(0);
    // A card made taller by its row still cuts its text at the ellipsis (3 lines).
    for (const name of ['Changes since last prompt', 'Answer format']) {
      expect(await showsAtMostLines(card(page, name).locator('p'), 3)).toBe(true);
    }
    // The longer French description wraps beside "New block" rather than pushing it below.
    await switchLanguage(page, 'fr');
    const title = await page.getByRole('heading', { level: 1, name: 'Blocs' }).boundingBox();
    const newBlock = await page.getByRole('button', { name: 'Nouveau bloc' }).first().boundingBox();
    expect(newBlock!.y).toBeLessThan(title!.y + title!.height);
    await switchLanguage(page, 'en');
    await page.getByRole('heading', { level: 1, name: 'Blocks' }).waitFor();

    // A static block: type step, then the validation messages under name and content.
    await page.getByRole('button', { name: 'New block' }).first().click();
    await page
      .getByRole('dialog', { name: 'New block' })
      .getByRole('button', { name: /Text block/ })
      .click();
    const staticDialog = page.getByRole('dialog', { name: 'New text block' });
    await staticDialog.getByRole('button', { name: 'Create block' }).click();
    await staticDialog.getByText('The name cannot be empty.').waitFor();
    await staticDialog.getByText('The content cannot be empty.').waitFor();
    await staticDialog.getByLabel('Name').fill('Senior reviewer');
    await staticDialog.getByLabel('Content').fill('You are a senior reviewer.');
    await staticDialog.getByLabel('Category').fill('Roles');
    await staticDialog.getByTitle('Pink').click();
    expect(await staticDialog.getByRole('radio', { name: 'Pink' }).isChecked()).toBe(true);
    await staticDialog.getByRole('button', { name: 'Create block' }).click();
    await staticDialog.waitFor({ state: 'detached' });
    await page.getByText('Block created!').waitFor();
    const roles = page.getByRole('region', { name: 'Roles' });
    await roles.getByRole('article', { name: 'Senior reviewer' }).waitFor();
    await roles.getByText('You are a senior reviewer.').waitFor();

    // A dynamic-task block: defaults filled in, prefix and suffix kept as its content.
    await page.getByRole('button', { name: 'New block' }).first().click();
    await page.getByRole('button', { name: /Dynamic task/ }).click();
    const dynamicDialog = page.getByRole('dialog', { name: 'New dynamic task' });
    expect(await dynamicDialog.getByLabel('Name').inputValue()).toBe('Dynamic User Task');
    expect(await dynamicDialog.getByLabel('Category').inputValue()).toBe('Dynamic task');
    await dynamicDialog.getByLabel('Name').fill('Ticket task');
    await dynamicDialog.getByLabel('Prefix').fill('Implement this ticket:');
    await dynamicDialog.getByLabel('Suffix').fill('Answer with a diff.');
    await dynamicDialog.getByRole('button', { name: 'Create block' }).click();
    await dynamicDialog.waitFor({ state: 'detached' });
    const ticket = card(page, 'Ticket task');
    await ticket.getByText(/Your final request/).waitFor();
    await ticket.getByRole('button', { name: 'Edit block Ticket task' }).click();
    const ticketDialog = page.getByRole('dialog', { name: 'Edit “Ticket task”' });
    expect(await ticketDialog.getByLabel('Prefix').inputValue()).toBe('Implement this ticket:');
    expect(await ticketDialog.getByLabel('Suffix').inputValue()).toBe('Answer with a diff.');
    await ticketDialog.getByRole('button', { name: 'Cancel' }).click();
    await ticketDialog.waitFor({ state: 'detached' });

    // Editing goes straight to the form; the server's rules show under the field too.
    await card(page, 'Senior reviewer')
      .getByRole('button', { name: 'Edit block Senior reviewer' })
      .click();
    const editDialog = page.getByRole('dialog', { name: 'Edit “Senior reviewer”' });
    // It opens on the name field, not on Close.
    const editName = editDialog.getByLabel('Name');
    await expect.poll(() => editName.evaluate((el) => el === document.activeElement)).toBe(true);
    await editDialog.getByLabel('Content').fill('x'.repeat(100_001));
    await editDialog.getByRole('button', { name: 'Save changes' }).click();
    await editDialog.getByText('The content cannot exceed 100,000 characters.').waitFor();
    await editDialog.getByLabel('Content').fill('You review code carefully.');
    await editDialog.getByLabel('Name').fill('Careful reviewer');
    await editDialog.getByRole('button', { name: 'Save changes' }).click();
    await editDialog.waitFor({ state: 'detached' });
    await page.getByText('Block updated!').waitFor();
    await card(page, 'Careful reviewer').getByText('You review code carefully.').waitFor();
    expect(await card(page, 'Senior reviewer').count()).toBe(0);

    // Delete asks first, with Cancel focused: Enter keeps the block, confirm removes it.
    const deleteButton = page.getByRole('button', { name: 'Delete block Careful reviewer' });
    await deleteButton.click();
    const confirmDialog = page.getByRole('dialog', { name: 'Delete this block?' });
    await confirmDialog.getByText(/Careful reviewer/).waitFor();
    const cancel = confirmDialog.getByRole('button', { name: 'Cancel' });
    await expect.poll(() => cancel.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await confirmDialog.waitFor({ state: 'detached' });
    await card(page, 'Careful reviewer').waitFor();
    await deleteButton.click();
    await page
      .getByRole('dialog', { name: 'Delete this block?' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await card(page, 'Careful reviewer').waitFor({ state: 'detached' });
    await page.getByText('“Careful reviewer” deleted.').waitFor();

    // Still gone after a reload (the server deleted it).
    await page.reload();
    await card(page, 'Ticket task').waitFor();
    expect(await card(page, 'Careful reviewer').count()).toBe(0);
  });

  test('creates a composition in a keyboard-dragged order and reopens it in that order', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newSignedInPage(browser, baseUrl);
    await page.goto('/settings/compositions');
    await page.getByRole('heading', { level: 1, name: 'Compositions' }).waitFor();
    await page.getByText('No compositions yet').waitFor();

    await page.getByRole('button', { name: 'New composition' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New composition' });
    const save = dialog.getByRole('button', { name: 'Create composition' });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('Name').fill('Code review');
    for (const name of ['Project information', 'Project structure', 'Dynamic User Task']) {
      await dialog.getByRole('button', { name: `Add ${name}` }).click();
    }
    expect(await previewOrder(dialog)).toEqual([
      'Project information',
      'Project structure',
      'Dynamic User Task',
    ]);

    // Keyboard drag: pick up the last item, move it up past the two others, drop it.
    const handle = dialog.getByRole('button', {
      name: 'Move Dynamic User Task (position 3)',
      exact: true,
    });
    await keyboardDrag(page, handle, 'ArrowUp', 2);
    await expect
      .poll(() => previewOrder(dialog))
      .toEqual(['Dynamic User Task', 'Project information', 'Project structure']);

    // Remove one, add it back at the end.
    await dialog.getByRole('button', { name: 'Remove Project information (position 2)' }).click();
    await dialog.getByRole('button', { name: 'Add Project information' }).click();
    const expected = ['Dynamic User Task', 'Project structure', 'Project information'];
    expect(await previewOrder(dialog)).toEqual(expected);
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Composition created!').waitFor();

    // The card lists the blocks in order; after a reload the modal shows the same order.
    const compositionCard = card(page, 'Code review');
    await compositionCard.getByText('3 blocks').waitFor();
    expect(await compositionCard.getByRole('listitem').allTextContents()).toEqual(expected);
    await page.reload();
    await card(page, 'Code review').hover();
    await page.getByRole('button', { name: 'Edit composition Code review' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit “Code review”' });
    await editDialog.getByRole('list', { name: 'Blocks in order' }).waitFor();
    expect(await previewOrder(editDialog)).toEqual(expected);
    await editDialog.getByRole('button', { name: 'Cancel' }).click();

    // Delete with confirmation.
    await card(page, 'Code review').hover();
    await page.getByRole('button', { name: 'Delete composition Code review' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this composition?' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await page.getByText('No compositions yet').waitFor();
  });
});
