import type { ReactNode } from 'react';

export type TSidePanelProps = {
  /** The heading's id, which names the section. */
  titleId: string;
  title: ReactNode;
  testId: string;
  children: ReactNode;
};

/**
 * A card beside the offer's details (the Details panel, the terms of use): a section named by its heading.
 * Plain elements drawn as Mantine's bordered card (`.side-panel` in app.css): the Details panel is drawn
 * right after the offer page's first screen, within its blocking time on a phone.
 */
export function SidePanel({ titleId, title, testId, children }: TSidePanelProps) {
  return (
    <section className="side-panel" aria-labelledby={titleId} data-testid={testId}>
      <h2 className="side-panel__title" id={titleId}>
        {title}
      </h2>
      {children}
    </section>
  );
}
