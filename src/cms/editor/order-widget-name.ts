/** The name of the "comes after" widget (order-widget.ts), apart from it so the configuration does not load browser code. */
export const orderWidget = 'order-after';
