/**
 * The `order` field as a writer thinks of it: a list of "First" and "After <page>" (the collection's other pages,
 * in their current order, from site-index.json), instead of a number to keep different from every other page's.
 * Choosing one writes the order that puts the page there (menu-position.ts); the file keeps a number.
 */
import { siteIndex, withEntryChecks, type DecapWidgets } from './entry-checks.ts';
import { orderAfter, placedAfter, inOrder, type Placed } from './menu-position.ts';
import type { SiteIndex } from './entry-problems.ts';

import { orderWidget } from './order-widget-name.ts';

type H = (type: string, props: Record<string, unknown> | null, ...children: unknown[]) => unknown;
interface Value {
  get(key: string): unknown;
}
interface Props {
  value?: number;
  forID: string;
  classNameWrapper: string;
  onChange(value: number): void;
  setActiveStyle(): void;
  setInactiveStyle(): void;
  entry: Value;
  collection: Value;
}
interface Control {
  props: Props;
  state: { site?: SiteIndex };
  setState(state: { site?: SiteIndex }): void;
}

/** The other pages of the entry's collection, as the site index knows them. */
const othersOf = (site: SiteIndex | undefined, props: Props): Placed[] => {
  const slug = props.entry.get('newRecord') ? undefined : props.entry.get('slug');
  return (site?.entries[String(props.collection.get('name'))] ?? []).filter((other) => other.slug !== slug);
};

export function registerOrderWidget(cms: DecapWidgets): void {
  const { h, createClass } = window as unknown as { h: H; createClass(spec: Record<string, unknown>): unknown };
  const control = createClass({
    getInitialState: () => ({}),
    componentDidMount(this: Control) {
      void siteIndex().then((site) => this.setState({ site }));
    },
    render(this: Control) {
      const { value, forID, classNameWrapper, onChange, setActiveStyle, setInactiveStyle } = this.props;
      const others = othersOf(this.state.site, this.props);
      const after = placedAfter(others, value);
      const chosen = after === undefined ? '' : after === null ? ':first' : after;
      const option = (optionValue: string, text: string) => h('option', { key: optionValue, value: optionValue }, text);
      return h(
        'select',
        {
          id: forID,
          className: classNameWrapper,
          value: chosen,
          onFocus: setActiveStyle,
          onBlur: setInactiveStyle,
          onChange: (event: { target: { value: string } }) => onChange(orderAfter(others, event.target.value === ':first' ? null : event.target.value)),
        },
        ...(chosen === '' ? [option('', 'Choose where this page goes')] : []),
        option(':first', 'First'),
        ...inOrder(others).map((other) => option(other.slug, `After ${other.label ?? other.slug}`)),
      );
    },
  });
  cms.registerWidget(orderWidget, withEntryChecks(control as never));
}
