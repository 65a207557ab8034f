/** Gives `command`/`commandfor` dialog buttons their behaviour in browsers that lack invoker commands. */
export function polyfillDialogCommands(root: Document): void {
  if ('command' in HTMLButtonElement.prototype) return;
  root.querySelectorAll<HTMLButtonElement>('button[commandfor]').forEach((button) => {
    button.addEventListener('click', () => {
      const target = root.getElementById(button.getAttribute('commandfor') ?? '');
      if (!(target instanceof HTMLDialogElement)) return;
      const command = button.getAttribute('command');
      if (command === 'show-modal') target.showModal();
      else if (command === 'close') target.close();
    });
  });
}
