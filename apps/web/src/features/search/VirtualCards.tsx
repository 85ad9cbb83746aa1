import type { TLicence, TOffer, TOfferCopies } from '@dsm/contracts';
import { defaultRangeExtractor, type Range, useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { ResultCard } from './ResultCard';

/** Pages of up to this many offers are drawn whole (a page of 10); longer ones only around the screen. */
export const WHOLE_LIST_LIMIT = 20;
/** A card's usual height in px with the publisher line under it, until it is measured. */
const ESTIMATED_CARD_HEIGHT = 180;
/** Space between cards in px (Mantine's spacing sm). */
const CARD_GAP = 12;
/** Cards drawn beyond each edge of the screen: the next Tab stops are always in the page. */
const OVERSCAN = 6;

export type TVirtualCardsProps = {
  offers: readonly TOffer[];
  licences: readonly TLicence[];
  copiesByOffer: ReadonlyMap<string, TOfferCopies>;
};

/**
 * Where the list starts in the document, followed as what is above it changes (a correction line, the
 * filter panel opened above the results on a phone): the window virtualizer counts from there.
 */
function useDocumentTop(element: React.RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const node = element.current;
      if (!node) return;
      setTop(Math.round(node.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [element]);
  return top;
}

/**
 * The cards of a page as a list, each item saying its place ("3 of 1000"). A long page draws only the cards
 * on and near the screen (the window scrolls as before, the list keeps the height of all its cards): a page
 * of 1,000 cards took seconds to draw whole. The card that has the keyboard focus stays drawn when it
 * scrolls away, so focus is never lost, and the cards around the screen are enough to Tab from card to card.
 */
export function VirtualCards(props: TVirtualCardsProps) {
  return props.offers.length <= WHOLE_LIST_LIMIT ? <WholeCards {...props} /> : <WindowedCards {...props} />;
}

function WholeCards({ offers, licences, copiesByOffer }: TVirtualCardsProps) {
  return (
    <ul className="result-list__items">
      {offers.map((offer, index) => (
        <li key={offer['@id']} aria-setsize={offers.length} aria-posinset={index + 1} className="result-list__item">
          <ResultCard offer={offer} licences={licences} copies={copiesByOffer.get(offer['@id'])} />
        </li>
      ))}
    </ul>
  );
}

function WindowedCards({ offers, licences, copiesByOffer }: TVirtualCardsProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const scrollMargin = useDocumentTop(listRef);
  // The focused card of these offers; another page starts with none.
  const [focused, setFocused] = useState<{ offers: readonly TOffer[]; index: number } | null>(null);
  const focusedIndex = focused?.offers === offers ? focused.index : null;
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (focusedIndex === null || indexes.includes(focusedIndex)) return indexes;
      return [...indexes, focusedIndex].sort((a, b) => a - b);
    },
    [focusedIndex],
  );
  const virtualizer = useWindowVirtualizer({
    count: offers.length,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    gap: CARD_GAP,
    overscan: OVERSCAN,
    scrollMargin,
    rangeExtractor,
    getItemKey: (index) => offers[index]?.['@id'] ?? index,
  });
  return (
    <ul ref={listRef} className="result-list__items is-windowed" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((item) => {
        const offer = offers[item.index] as TOffer;
        return (
          <li
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            aria-setsize={offers.length}
            aria-posinset={item.index + 1}
            className="result-list__item"
            style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
            onFocus={() => setFocused({ offers, index: item.index })}
          >
            <ResultCard offer={offer} licences={licences} copies={copiesByOffer.get(offer['@id'])} />
          </li>
        );
      })}
    </ul>
  );
}
