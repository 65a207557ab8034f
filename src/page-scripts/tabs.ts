/**
 * ARIA tabs (arrow keys, Home, End) over panels that are all readable without script. The page's
 * pre-paint `js` class already lays the tabs out (no layout shift); this adds the behaviour.
 */
export function enhanceTabs(container: HTMLElement): void {
  const list = container.querySelector<HTMLElement>('[data-tablist]');
  if (!list) return;
  const tabs = [...list.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const panelOf = (tab: HTMLButtonElement) => container.querySelector<HTMLElement>(`#${tab.getAttribute('aria-controls') ?? ''}`);
  const select = (chosen: HTMLButtonElement, focus: boolean) => {
    for (const tab of tabs) {
      const selected = tab === chosen;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      const panel = panelOf(tab);
      if (panel) panel.hidden = !selected;
    }
    if (focus) chosen.focus();
  };
  container.dataset['enhanced'] = 'true';
  tabs.forEach((tab, index) => {
    tab.addEventListener('click', () => select(tab, false));
    tab.addEventListener('keydown', (event) => {
      const last = tabs.length - 1;
      const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
      const target = next === undefined ? undefined : tabs[next];
      if (target) {
        event.preventDefault();
        select(target, true);
      }
    });
  });
  const first = tabs[0];
  if (first) select(first, false);
}
